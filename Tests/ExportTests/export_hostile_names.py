"""Opens an exported page in headless Chromium and reports what it shows, for ExportHostileNamesTests.

argv: the page's file URL, the result file. The result: whether the player ran (`window.segueExport.ready`),
the page's scripts, its heading, the scene line and the buttons' labels as text, and console errors.
"""
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLITestSupport"))
import headless_chromium  # noqa: E402

url, result_path = sys.argv[1], sys.argv[2]
driver = headless_chromium.start(capabilities={"goog:loggingPrefs": {"browser": "ALL"}})
result = {}
try:
    driver.get(url)
    try:
        headless_chromium.wait_for(driver, "window.segueExport && window.segueExport.ready", timeout=20)
        result["ready"] = True
    except TimeoutError:
        result["ready"] = False
    result.update(driver.execute_script("""
        return {
            scripts: document.scripts.length,
            title: document.title,
            heading: document.querySelector('h1') ? document.querySelector('h1').textContent : null,
            scene: document.getElementById('scene') ? document.getElementById('scene').textContent : null,
            buttons: Array.from(document.querySelectorAll('#buttons button')).map(b => b.textContent),
            elements: document.querySelectorAll('body *').length
        };
    """))
    result["console"] = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
finally:
    driver.quit()
with open(result_path, "w") as f:
    json.dump(result, f)
