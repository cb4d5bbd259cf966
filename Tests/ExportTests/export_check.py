"""Drives an exported page (`segue export`) in headless Chromium for ExportBrowserTests.

Usage: export_check.py PLAN_JSON RESULT_JSON

PLAN_JSON: {"url": "file:///…/page.html", "runs": [RUN, …]}; each RUN starts from a freshly
loaded page and is a list of steps:
  {"op": "button", "label": TEXT}             click the button beside the phone whose text is TEXT, wait until at rest
  {"op": "touch", "points": [[x, y], …], "interval": ms, "lift": bool, "screenshot": PATH or null}
                                               put a finger down at the first point (points of the scene),
                                               move through the rest, one move every `interval` ms, and
                                               lift it at the last one when `lift`; with `screenshot` (and no
                                               `lift`), save the phone's canvas while the finger is still down
  {"op": "rest", "screenshot": PATH or null}  wait until the page is at rest, optionally save the canvas
Chromium's touch input goes through W3C actions (chromedriver), as a finger's would: the page
sees pointer events of type touch. Writes, per run and step, what the page reported
(`window.segueExport`): its state, phase, progress, the samples it recorded and the last outcome;
and for the whole page the frame times it measured and whether it made any network request.
"""
import json
import os
import sys
import time

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CLITestSupport"))
import headless_chromium  # noqa: E402

plan_file, result_file = sys.argv[1:3]
with open(plan_file) as f:
    plan = json.load(f)

# Tall enough that the whole phone shows without scrolling; the logs tell console errors and requests.
driver = headless_chromium.start(window=(900, 1400), capabilities={"goog:loggingPrefs": {"browser": "ALL", "performance": "ALL"}})
driver.set_script_timeout(30)


def wait_for(script, timeout=15.0):
    return headless_chromium.wait_for(driver, script, timeout)


def report():
    return driver.execute_script("""
        const s = window.segueExport;
        return {state: s.state, phase: s.phase, edge: s.edge, value: s.value, progress: s.progress,
                samples: s.samples, last: s.last, panText: s.panText()};""")


def canvas():
    return driver.find_element(By.CSS_SELECTOR, "canvas")


def save(path):
    if path:
        with open(path, "wb") as f:
            f.write(canvas().screenshot_as_png)


def at_rest():
    wait_for("window.segueExport.phase === 'idle'")
    # Two frames more, so the canvas shows the resting picture.
    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")


result = {"runs": [], "console": [], "network": []}
try:
    for run in plan["runs"]:
        driver.get(plan["url"])
        wait_for("window.segueExport && window.segueExport.ready")
        steps = []
        element = canvas()
        width = element.size["width"]
        height = element.size["height"]
        for step in run:
            if step["op"] == "button":
                buttons = [b for b in driver.find_elements(By.TAG_NAME, "button") if b.text.strip() == step["label"]]
                if not buttons:
                    raise RuntimeError("no button labelled %r: %r" % (step["label"], [b.text for b in driver.find_elements(By.TAG_NAME, "button")]))
                buttons[0].click()
                time.sleep(0.05)
                at_rest()
                steps.append(report())
            elif step["op"] == "touch":
                points = step["points"]
                finger = PointerInput(interaction.POINTER_TOUCH, "finger")
                actions = ActionBuilder(driver, mouse=finger, duration=int(step.get("interval", 16)))
                # Offsets from the canvas's centre, as W3C actions measure them from an element.
                def move(p, duration):
                    finger.create_pointer_move(duration=duration, origin=element,
                                               x=int(round(p[0] - width / 2)), y=int(round(p[1] - height / 2)))
                move(points[0], 0)
                finger.create_pointer_down()
                for p in points[1:]:
                    move(p, int(step.get("interval", 16)))
                # A lift goes in the same action sequence: chromedriver forgets a finger's being
                # down between sequences, so a later sequence's pointerUp would reach no page.
                if step.get("lift", True):
                    finger.create_pointer_up(0)
                actions.perform()
                if step.get("screenshot"):
                    driver.execute_async_script("const done = arguments[0]; requestAnimationFrame(() => requestAnimationFrame(() => done()));")
                    steps.append(report())
                    save(step["screenshot"])
                if step.get("lift", True):
                    time.sleep(0.05)
                    at_rest()
                    steps.append(report())
            elif step["op"] == "rest":
                at_rest()
                save(step.get("screenshot"))
                steps.append(report())
        result["runs"].append(steps)
        # A finger left down (a held run) is lifted before the next page: chromedriver keeps input
        # state across loads, and a finger it thinks is down cannot go down again.
        ActionBuilder(driver).clear_actions()
    result["frameTimes"] = driver.execute_script("return window.segueExport.frameTimes")
    for entry in driver.get_log("browser"):
        result["console"].append(entry.get("message", ""))
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if not url.startswith("data:") and not url.startswith("file:"):
                result["network"].append(url)
finally:
    with open(result_file, "w") as f:
        json.dump(result, f)
    driver.quit()
