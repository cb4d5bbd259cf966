"""Headless Chromium through chromedriver and Selenium, as every browser test's script starts it.

The scripts beside the browser tests (Tests/PreviewTests/*.py, Tests/ExportTests/export_check.py)
import this module from Tests/CLITestSupport: `sys.path.insert(0, <that folder>)`.
"""
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def start(window=(1000, 760), arguments=(), capabilities=None):
    """Debian's chromium, headless, at device scale 1, with `window` as its size in CSS pixels."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % window, "--hide-scrollbars", "--force-device-scale-factor=1", *arguments]:
        options.add_argument(argument)
    for name, value in (capabilities or {}).items():
        options.set_capability(name, value)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.set_page_load_timeout(20)
    return driver


def wait_for(driver, script, timeout=15.0, interval=0.01):
    """Polls a JavaScript expression until it is truthy; returns its value."""
    start_time = time.monotonic()
    while True:
        value = driver.execute_script("return " + script)
        if value:
            return value
        if time.monotonic() - start_time > timeout:
            raise TimeoutError("timed out waiting for: " + script)
        time.sleep(interval)
