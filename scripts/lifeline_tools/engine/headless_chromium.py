"""Debian's Chromium, headless, driven through Selenium: for the browser tests and for running
the WebAssembly engine in a real browser (lifeline_tools.engine.browser_engine).

Needs the packages chromium, chromium-driver and python3-selenium (scripts/build.sh installs
them). The flags keep Chromium from reaching for the network at start, which a machine
without one refuses many times over, and let it run as root.
"""

import contextlib
import shutil
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
          "--disable-dev-shm-usage")


def start_chromium(downloads=None, width=1280, height=900):
    """A new headless Chromium with an empty profile: (driver, profile folder). Files it
    downloads go to `downloads` when given. The caller quits the driver and removes the
    profile (or uses `chromium`)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="lifeline-chromium-")
    for flag in _FLAGS + (f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    if downloads is not None:
        options.add_experimental_option("prefs", {"download.default_directory": downloads,
                                                  "download.prompt_for_download": False})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    if downloads is not None:
        driver.execute_cdp_cmd("Page.setDownloadBehavior",
                               {"behavior": "allow", "downloadPath": downloads})
    return driver, profile


@contextlib.contextmanager
def chromium(**options):
    """start_chromium as a context: the browser quits and its profile goes at the end."""
    driver, profile = start_chromium(**options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
