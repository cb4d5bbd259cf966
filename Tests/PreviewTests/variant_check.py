"""Drives `segue preview`'s variant picker in headless Chromium for PreviewVariantBrowserTests.

Usage: variant_check.py URL SCREENSHOT RESULT_JSON

The server previews one scene that declares `variants: { appearance: [light, dark],
layoutDirection: [leftToRight, rightToLeft] }` and was started with `--variant dark-rightToLeft`.
Loads the page, scrubs to a frame, picks each variant (and "as written") in the select, and for
each reads pixels of the frame the page shows; then opens the page with an unknown variant in its
address. Writes what it saw as JSON; the Swift test asserts on it.
"""
import json
import os
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLITestSupport"))
import headless_chromium  # noqa: E402
from headless_chromium import wait_for  # noqa: E402

url, screenshot, result_file = sys.argv[1:4]
result = {"steps": []}


# The pixels at `points` (in the frame's own pixels) of the frame the page shows, as [r, g, b].
SAMPLE = """
const img = document.getElementById('frame'), canvas = document.createElement('canvas');
canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
const g = canvas.getContext('2d');
g.drawImage(img, 0, 0);
return arguments[0].map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data.slice(0, 3)));
"""


def seen(driver, frame, variant):
    """Waits until `frame` of `variant` ("" as written) is shown, its trace beside it; what the page shows then."""
    wait_for(driver, "(s => s.meta && s.meta.ok && (s.meta.variant || '') === %s && s.shownFrame === %d"
                     " && s.shownGeneration === s.meta.generation && s.shownVariant === %s)(window.seguePreview)"
                     " && document.getElementById('frame').complete"
                     " && document.getElementById('trace').textContent.includes('\"frame\": %d')"
             % (json.dumps(variant), frame, json.dumps(variant), frame))
    width = driver.execute_script("return document.getElementById('frame').naturalWidth")
    # The background at the middle, and the red square's places: 20 pt from the left or the right edge.
    pixels = driver.execute_script(SAMPLE, [[width // 2, 200], [20, 120], [width - 20, 120]])
    return {
        "variant": driver.execute_script("return window.seguePreview.meta.variant"),
        "picker": driver.execute_script("return document.getElementById('variant-picker').value"),
        "pickerHidden": driver.execute_script("return document.getElementById('variant-picker').hidden"),
        "options": driver.execute_script("return [...document.getElementById('variant-picker').options].map(o => o.text)"),
        "hash": driver.execute_script("return location.hash"),
        "frame": driver.execute_script("return window.seguePreview.shownFrame"),
        "background": pixels[0], "left": pixels[1], "right": pixels[2],
    }


driver = headless_chromium.start()
try:
    # The page starts on the command line's --variant; scrub to frame 1 (before the sheet comes up).
    driver.get(url)
    wait_for(driver, "window.seguePreview && window.seguePreview.shownFrame === 0")
    driver.execute_script("const s = document.getElementById('scrubber'); s.value = 1; s.dispatchEvent(new Event('input'));")
    result["steps"].append(dict(name="start", **seen(driver, 1, "dark-rightToLeft")))

    # Each variant picked in the select, then the scene as written; the scrubber stays on its frame.
    picker = Select(driver.find_element(By.ID, "variant-picker"))
    for value in ["light-leftToRight", "dark-leftToRight", "light-rightToLeft", ""]:
        picker.select_by_value(value)
        result["steps"].append(dict(name="pick " + (value or "as written"), **seen(driver, 1, value)))
    driver.save_screenshot(screenshot)

    # A reload keeps the variant the address names.
    picker.select_by_value("dark-leftToRight")
    seen(driver, 1, "dark-leftToRight")
    driver.refresh()
    result["steps"].append(dict(name="reload", **seen(driver, 0, "dark-leftToRight")))

    # An unknown variant in the address: the page says so, and still offers the scene's variants.
    driver.get(url.rstrip("/") + "/#scene=variants.yaml&variant=dark-rightToLeftt")
    driver.refresh()
    errors = wait_for(driver, "document.getElementById('errors').hidden === false && document.getElementById('errors').textContent")
    result["steps"].append(dict(name="unknown", errors=errors,
                                options=driver.execute_script("return [...document.getElementById('variant-picker').options].map(o => o.value)"),
                                pickerHidden=driver.execute_script("return document.getElementById('variant-picker').hidden")))
    # Picking a declared one from there shows it.
    Select(driver.find_element(By.ID, "variant-picker")).select_by_value("light-leftToRight")
    wait_for(driver, "document.getElementById('errors').hidden === true")
    result["steps"].append(dict(name="recovered", **seen(driver, 0, "light-leftToRight")))
except Exception as error:
    result["exception"] = repr(error)
    try:
        result["console"] = [entry["message"] for entry in driver.get_log("browser")]
    except Exception:  # noqa: BLE001 - logs are a diagnostic only
        pass
    raise
finally:
    with open(result_file, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    driver.quit()
