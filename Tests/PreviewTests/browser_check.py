"""Drives `segue preview`'s page in headless Chromium for PreviewBrowserTests.

Usage: browser_check.py URL SCENE_FILE IMAGE_FILE REPLACEMENT_IMAGE SCREENSHOT RESULT_JSON

Loads the page, scrubs, saves the scene file and then its image (timing how long the page takes
to show the new frame), draws a tap and a drag on the frame, records a golden, lets a page on
another site (evil.example, resolved to 127.0.0.1) attack the server, and probes the server with
paths that lead outside the scene's folder. Writes what it saw as JSON; the Swift test asserts on it.
"""
import hashlib
import http.client
import http.server
import json
import os
import shutil
import sys
import threading
import time
import urllib.parse

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLITestSupport"))
import headless_chromium  # noqa: E402

url, scene_file, image_file, replacement_image, screenshot, result_file = sys.argv[1:7]
result = {"steps": []}
began = time.monotonic()


def step(name, **values):
    result["steps"].append(dict(name=name, elapsed=round(time.monotonic() - began, 2), **values))


def wait_for(driver, script, timeout=15.0, interval=0.01):
    """Polls a JavaScript expression until it is truthy; returns (value, seconds waited)."""
    start = time.monotonic()
    while True:
        value = driver.execute_script("return " + script)
        if value:
            return value, time.monotonic() - start
        if time.monotonic() - start > timeout:
            raise TimeoutError("timed out waiting for: " + script)
        time.sleep(interval)


def shown(driver):
    return driver.execute_script(
        "const s = window.seguePreview; return [s.shownGeneration, s.shownFrame, s.meta && s.meta.generation];")


def save_and_time(driver, write):
    """Calls `write`, then waits until the page shows the frame under the scrubber from a newer generation."""
    before = driver.execute_script("return window.seguePreview.meta.generation")
    start = time.monotonic()
    write()
    wait_for(driver, "window.seguePreview.shownGeneration > %d && window.seguePreview.shownFrame === window.seguePreview.frame" % before)
    first = time.monotonic() - start
    return before, first


def request(path):
    """GET `path` exactly as written (no normalization of `..` or escapes)."""
    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=5)
    connection.putrequest("GET", path, skip_accept_encoding=True)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, body


def probe(path):
    status, body = request(path)
    return {"path": path, "status": status, "leaked": b"OUTSIDE-SECRET" in body or b"root:x:0:0" in body}


def probe_body(path):
    return request(path)[1].decode("utf-8")


# evil.example is a site whose name resolves to this machine, as in DNS rebinding.
driver = headless_chromium.start(arguments=["--host-resolver-rules=MAP evil.example 127.0.0.1"])
driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 760, "deviceScaleFactor": 1, "mobile": False})
try:
    # Load: the first frame arrives.
    driver.get(url)
    wait_for(driver, "window.seguePreview && window.seguePreview.shownFrame === 0")
    meta = driver.execute_script("return window.seguePreview.meta")
    step("load", frameCount=meta["frameCount"], fps=meta["fps"], ok=meta["ok"], errors=meta["errors"])

    # Scrub with the keyboard on the slider, then by setting it as a drag would.
    slider = driver.find_element(By.ID, "scrubber")
    slider.click()
    driver.execute_script("const s = document.getElementById('scrubber'); s.value = 0; s.dispatchEvent(new Event('input'));")
    for _ in range(5):
        slider.send_keys(Keys.ARROW_RIGHT)
    wait_for(driver, "window.seguePreview.shownFrame === 5")
    driver.execute_script("const s = document.getElementById('scrubber'); s.value = 27; s.dispatchEvent(new Event('input'));")
    wait_for(driver, "window.seguePreview.shownFrame === 27 && document.getElementById('trace').textContent.includes('\"frame\": 27')")
    trace = driver.find_element(By.ID, "trace").text
    step("scrub", shownFrame=shown(driver)[1], traceHasFrame='"frame": 27' in trace,
         position=driver.find_element(By.ID, "position").text)

    # Watch: save the scene file (a plain write, as an editor does) and time the page's update.
    with open(scene_file, encoding="utf-8") as f:
        original = f.read()
    new_text = original.replace("background: systemBackground", "background: \"#FF2D55\"")
    latencies, all_frames = [], []
    for text in [new_text, original, new_text, original]:
        def write(text=text):
            with open(scene_file, "w", encoding="utf-8") as f:
                f.write(text)
        started = time.monotonic()
        save_and_time(driver, write)
        latencies.append(time.monotonic() - started)
        wait_for(driver, "window.seguePreview.prefetched === window.seguePreview.meta.generation", timeout=20)
        all_frames.append(time.monotonic() - started)
    step("watch-scene", latencies=latencies, allFramesSeconds=all_frames)

    # Watch an image the scene uses.
    _, image_seconds = save_and_time(driver, lambda: shutil.copyfile(replacement_image, image_file))
    step("watch-image", seconds=image_seconds)

    # Errors inline: break the scene, see file:line:column, then fix it.
    with open(scene_file, "w", encoding="utf-8") as f:
        f.write(original.replace("root: mail", "root: nowhere"))
    errors, _ = wait_for(driver, "document.getElementById('errors').hidden === false && document.getElementById('errors').textContent")
    step("error", text=errors)
    with open(scene_file, "w", encoding="utf-8") as f:
        f.write(original)
    wait_for(driver, "document.getElementById('errors').hidden === true && window.seguePreview.shownFrame >= 0 && window.seguePreview.meta.ok")

    # Draw: a tap at frame 3, then a drag to the right at frame 12 (opens the drawer).
    frame = driver.find_element(By.ID, "frame")
    size = driver.execute_script("const r = document.getElementById('frame').getBoundingClientRect(); return [r.width, r.height];")
    points = meta["size"]
    per_point = size[0] / points[0]

    def offset(x, y):
        # Selenium offsets are from the element's center.
        return int(x * per_point - size[0] / 2), int(y * per_point - size[1] / 2)

    def scrub_to(n):
        driver.execute_script("const s = document.getElementById('scrubber'); s.value = %d; s.dispatchEvent(new Event('input'));" % n)
        wait_for(driver, "window.seguePreview.shownFrame === %d" % n)

    edits_before = driver.execute_script("return window.seguePreview.reloads")
    scrub_to(3)
    # Drawing is a mode, off at first: a click on the frame writes nothing.
    driver.execute_script("window.seguePreview.lastEdit = null")
    ActionChains(driver).move_to_element_with_offset(frame, *offset(200, 600)).click().perform()
    time.sleep(0.5)
    with open(scene_file, encoding="utf-8") as f:
        untouched = f.read() == original
    step("draw-off", lastEdit=driver.execute_script("return window.seguePreview.lastEdit"), untouched=untouched,
         undoDisabled=driver.execute_script("return document.getElementById('undo').disabled"))
    driver.find_element(By.ID, "draw").click()
    ActionChains(driver).move_to_element_with_offset(frame, *offset(200, 600)).click().perform()
    edit, _ = wait_for(driver, "window.seguePreview.lastEdit")
    with open(scene_file, encoding="utf-8") as f:
        after_tap = f.read()
    step("tap", edit=edit)
    wait_for(driver, "window.seguePreview.shownGeneration === window.seguePreview.meta.generation")

    scrub_to(12)
    driver.execute_script("window.seguePreview.lastEdit = null")
    actions = ActionChains(driver, duration=16)
    actions.move_to_element_with_offset(frame, *offset(60, 420)).click_and_hold()
    for _ in range(12):
        actions.move_by_offset(int(20 * per_point), 0).pause(0.016)
    actions.pause(0.05).release().perform()
    edit, _ = wait_for(driver, "window.seguePreview.lastEdit")
    step("drag", edit=edit, replaying=False)
    if edit.get("ok"):
        replayed, _ = wait_for(driver, "window.seguePreview.playing || window.seguePreview.shownFrame > 12")
        result["steps"][-1]["replaying"] = bool(replayed)
    with open(scene_file, encoding="utf-8") as f:
        result["finalText"] = f.read()

    # The screenshot for the README: the drawer the drawn pan opens, mid-transition.
    wait_for(driver, "!window.seguePreview.playing", timeout=10)
    scrub_to(30)
    wait_for(driver, "document.getElementById('trace').textContent.includes('\"frame\": 30')")
    time.sleep(0.2)
    driver.save_screenshot(screenshot)

    # Snapshots tab: the scene's points listed, a missing golden recorded from the page.
    driver.find_element(By.ID, "tab-snapshots").click()
    wait_for(driver, "document.querySelectorAll('.snapshot').length > 0", timeout=30)
    statuses = driver.execute_script("return [...document.querySelectorAll('.snapshot .status')].map(e => e.textContent)")
    summary_text = driver.find_element(By.ID, "snapshot-summary").text
    broken = driver.execute_script("return [...document.querySelectorAll('.snapshot img')].filter(i => i.complete && i.naturalWidth === 0).length")
    point = driver.execute_script("return document.querySelector('.snapshot button.record').closest('.snapshot').dataset.point")
    driver.find_element(By.CSS_SELECTOR, ".snapshot button.record").click()
    wait_for(driver, "document.querySelector('.snapshot[data-point=\"%s\"] .status').textContent === 'passed'" % point, timeout=30)
    step("snapshots", before=statuses, recorded=point, summary=summary_text, brokenImages=broken)

    # Undo from the page (the Trace tab's page), twice: the drag's edit, then the tap's; the file is as it was, and the
    # button is disabled with nothing left to undo.
    undone = []
    for expected in [after_tap, original]:
        driver.execute_script("window.seguePreview.lastUndo = null")
        wait_for(driver, "!document.getElementById('undo').disabled")
        driver.find_element(By.ID, "undo").click()
        answer, _ = wait_for(driver, "window.seguePreview.lastUndo")
        wait_for(driver, "window.seguePreview.shownGeneration === window.seguePreview.meta.generation")
        with open(scene_file, encoding="utf-8") as f:
            undone.append({"ok": answer.get("ok"), "restored": f.read() == expected})
    step("undo", undone=undone, disabled=driver.execute_script("return document.getElementById('undo').disabled"))
    # The playhead is drawn apart from the cancel marks' red: sampled on the plot at the current frame.
    step("playhead", color=driver.execute_script("""
      const plot = document.getElementById('plot'), g = plot.getContext('2d');
      const d = g.getImageData(0, 0, plot.width, 4).data;
      for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200) return [d[i], d[i + 1], d[i + 2]];
      return null;"""))


    # The folder's other scene, picked from the menu.
    Select(driver.find_element(By.ID, "scene-picker")).select_by_value("sub/other.yaml")
    wait_for(driver, "window.seguePreview.meta.scene === 'sub/other.yaml' && window.seguePreview.shownFrame === 0"
                     " && window.seguePreview.shownGeneration === window.seguePreview.meta.generation")
    step("pick", scene=driver.execute_script("return window.seguePreview.meta.scene"), hash=driver.execute_script("return location.hash"))

    # Another site's page attacks the server: writes with a no-cors fetch, reads through a name
    # that resolves to 127.0.0.1. Nothing may change, nothing may be read.
    folder = os.path.dirname(scene_file)

    def fingerprint():
        digest = hashlib.sha256()
        for root, _, files in sorted(os.walk(folder)):
            for name in sorted(files):
                path = os.path.join(root, name)
                if os.path.isfile(path):
                    # The inode and time too: a golden recorded again has the same bytes.
                    info = os.stat(path)
                    with open(path, "rb") as f:
                        digest.update(("%s %d %d\0" % (path, info.st_ino, info.st_mtime_ns)).encode() + f.read())
        return digest.hexdigest()

    port = urllib.parse.urlparse(url).port
    target = "http://127.0.0.1:%d" % port
    attack_page = ("""<!doctype html><script>
    window.attack = (async () => {
      const outcome = {};
      const body = JSON.stringify({at: 0.1, samples: [[0, 100, 300]]});
      for (const [name, path] of [["gesture", "/api/gesture?scene=scene.yaml"],
                                  ["record", "/api/snapshots/record?scene=scene.yaml&point=%s"]]) {
        try { await fetch("%s" + path, {method: "POST", mode: "no-cors", headers: {"Content-Type": "text/plain"}, body});
              outcome[name] = "sent"; }
        catch (error) { outcome[name] = "error: " + error; }
      }
      try { await (await fetch("%s/api/scene?scene=scene.yaml")).text(); outcome.read = "read"; }
      catch (error) { outcome.read = "blocked"; }
      return outcome;
    })();
    </script>""" % (point, target, target)).encode()

    class AttackSite(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(attack_page)))
            self.end_headers()
            self.wfile.write(attack_page)

        def log_message(self, *args):
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), AttackSite)
    threading.Thread(target=site.serve_forever, daemon=True).start()
    before = fingerprint()
    driver.get("http://evil.example:%d/" % site.server_address[1])
    outcome = driver.execute_async_script("window.attack.then(arguments[arguments.length - 1])")
    time.sleep(0.5)
    # Rebinding: the browser takes the server for evil.example and may read its own origin.
    driver.get("http://evil.example:%d/api/scene?scene=scene.yaml" % port)
    rebound_page = driver.execute_script("return document.body.innerText")
    rebound_fetch = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        fetch("/api/scenes").then(async (r) => done([r.status, await r.text()])).catch((e) => done([0, String(e)]));""")
    site.shutdown()
    step("cross-site", outcome=outcome, unchanged=fingerprint() == before, reboundPage=rebound_page,
         reboundStatus=rebound_fetch[0], reboundText=rebound_fetch[1])
except Exception as error:
    result["exception"] = repr(error)
    raise
finally:
    with open(result_file, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=1)
    try:
        result["console"] = [entry["message"] for entry in driver.get_log("browser")]
    except Exception:  # noqa: BLE001 - logs are a diagnostic only
        pass
    driver.quit()

# Security: nothing outside the scene's folder is reachable.
result["probes"] = [probe(path) for path in [
    "/api/scene?scene=..%2Foutside%2Fsecret.yaml",
    "/api/scene?scene=%2Fetc%2Fpasswd",
    "/api/scene?scene=link.yaml",
    "/api/scene?scene=linked%2Fsecret.yaml",
    "/api/scene?scene=sub%2F..%2F..%2Foutside%2Fsecret.yaml",
    "/frame/0.png?scene=..%2Foutside%2Fsecret.yaml",
    "/..%2Foutside%2Fsecret.yaml",
    "/%2E%2E/%2E%2E/etc/passwd",
    "/../../etc/passwd",
    "/frame/..%2F..%2F..%2Fetc%2Fpasswd",
    "/snapshot/golden?scene=scene.yaml&point=..%2F..%2F..%2Foutside%2Fsecret",
    "/snapshot/..%2F..%2Foutside%2Fsecret.yaml?scene=scene.yaml&point=x",
    "/api/trace/0?scene=%2Fetc%2Fpasswd",
]]
result["scenes"] = json.loads(probe_body("/api/scenes"))
with open(result_file, "w", encoding="utf-8") as f:
    json.dump(result, f, indent=1)
