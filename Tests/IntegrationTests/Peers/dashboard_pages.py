"""What the dashboard's browser tests share: Debian's headless chromium through chromium-driver (Selenium), waiting
for the page, reading it, using its controls as a person would, and the checks every page state gets."""

import shutil
import tempfile
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys


def wait_for(condition, seconds=30.0, what="a condition"):
    """Polls condition() until it returns something truthy; that value, or an error after `seconds`."""
    deadline = time.monotonic() + seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up after {seconds} s waiting for {what}")
        time.sleep(0.02)


def text_of(driver, selector):
    """The text of the first element `selector` matches, read in one step (the page redraws what changes)."""
    return driver.execute_script(
        "const e = document.querySelector(arguments[0]);"
        "return e ? e.textContent.replace(/\\s+/g, ' ').trim() : null", selector)


def browser():
    options = Options()
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    profile = tempfile.mkdtemp(prefix="mhub-chromium-")
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", f"--user-data-dir={profile}",
        "--window-size=1280,900", "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
        # Nothing leaves this machine: no update checks, safe browsing, metrics or prefetching.
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
        "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--no-pings",
        "--dns-prefetch-disable", "--disable-features=OptimizationHints,MediaRouter,Translate,AutofillServerCommunication",
        "--metrics-recording-only", "--safebrowsing-disable-auto-update",
    ]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(service=service, options=options), profile


# What an element is called by assistive technology, roughly as the accessible name computation does it: aria-label,
# aria-labelledby, a <label>, then (buttons) the text; a placeholder or title is not enough for a control here.
UNNAMED_CONTROLS = """
const named = (element) => {
  const label = element.getAttribute("aria-label");
  if (label && label.trim()) return true;
  const ids = element.getAttribute("aria-labelledby");
  if (ids && ids.split(/\\s+/).some((id) => document.getElementById(id)?.textContent.trim())) return true;
  if ([...(element.labels ?? [])].some((l) => l.textContent.trim())) return true;
  if (element.tagName === "BUTTON" && element.textContent.trim()) return true;
  return false;
};
const visible = (element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden";
const unnamed = [...document.querySelectorAll("button, input:not([type=hidden]), select, textarea")]
  .filter((element) => visible(element) && !named(element))
  .map((element) => element.outerHTML.slice(0, 120));
const images = [...document.querySelectorAll("img")].filter((image) => !image.hasAttribute("alt"))
  .map((image) => image.outerHTML.slice(0, 120));
return unnamed.concat(images);
"""


def unnamed_controls(driver):
    """The visible controls without an accessible name, and the images without alt text."""
    return driver.execute_script(UNNAMED_CONTROLS)


def severe_console_entries(driver):
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def act_as(driver, who):
    driver.find_element(By.CSS_SELECTOR, f'input[name="act-as"][value="{who}"]').click()


def slide(driver, key, value):
    """Moves a slider (or a colour picker) to `value` and lets it go, as a pointer would: its input, then its change."""
    driver.execute_script(
        "const e = document.querySelector(`[data-key='${arguments[0]}']`); e.value = arguments[1];"
        "e.dispatchEvent(new Event('input', {bubbles: true})); e.dispatchEvent(new Event('change', {bubbles: true}))",
        key, value)


def answer(driver, node):
    """The message line of `node`'s card once its last action was answered."""
    return wait_for(lambda: (lambda t: t if t and t != "…" else None)(text_of(driver, f'[data-message="{node}"]')),
                    what=f"node {node}'s answer")


def type_number(driver, key, value):
    field = driver.find_element(By.CSS_SELECTOR, f'[data-key="{key}"]')
    field.clear()
    field.send_keys(str(value))
    field.send_keys(Keys.ENTER)
