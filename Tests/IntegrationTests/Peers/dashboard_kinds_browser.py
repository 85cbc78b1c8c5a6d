#!/usr/bin/env python3
"""Uses every control of every device card on mhubd's dashboard in Debian's headless chromium, as a controller and
then as someone at the device, and reports what the page answered each time.

Usage: dashboard_kinds_browser.py HUB_URL CARDS ARTIFACTS

HUB_URL is the page (http://127.0.0.1:PORT/), whose hub has CARDS commissioned devices, each named by its template;
ARTIFACTS is where the screenshot of the cards goes. Prints one JSON object, the report, as its last line: "answers",
one [template, control key, "controller" or "physical", the card's message] per use, each card's state lines after
("states", by template), the button's last event after its long press and after a double press, the controls without
an accessible name, and the browser console's errors. Exits 1 with the report so far and the error when a step could not run.
"""

import json
import os
import shutil
import sys
import traceback

from selenium.webdriver.common.by import By

from dashboard_pages import act_as, browser, severe_console_entries, text_of, unnamed_controls, wait_for

HUB_URL, CARDS, ARTIFACTS = sys.argv[1], int(sys.argv[2]), sys.argv[3]
report = {"answers": []}

# What each kind of control is given: a button is clicked; a slider moved to its middle (on its step); a select moved
# to its next choice; a number field one step up and submitted; the colour picker set to orange.
USE = """
const [key] = arguments;
const control = document.querySelector(`[data-key="${key}"]`);
const changed = () => control.dispatchEvent(new Event("change", { bubbles: true }));
if (control.tagName === "BUTTON") {
  control.click();
} else if (control.tagName === "SELECT") {
  control.selectedIndex = (control.selectedIndex + 1) % control.options.length;
  changed();
} else if (control.type === "range") {
  const step = Number(control.step) || 1;
  control.value = String(Math.round((Number(control.min) + Number(control.max)) / 2 / step) * step);
  changed();
} else if (control.type === "color") {
  control.value = "#ff8000";
  changed();
} else {
  control.value = String(Number(control.value) + (Number(control.step) || 1));
  control.form.requestSubmit();
}
"""


def use_every_control(driver, who):
    act_as(driver, who)
    cards = driver.execute_script(
        "return [...document.querySelectorAll('article[data-node]')]"
        ".map((card) => [card.dataset.node, card.querySelector('h5').textContent])")
    for node, template in cards:
        keys = driver.execute_script(
            "return [...document.querySelectorAll(`article[data-node='${arguments[0]}'] .controls [data-key]`)]"
            ".map((control) => control.dataset.key).filter((key) => !key.endsWith('-set'))", node)
        for key in keys:
            message = f'[data-message="{node}"]'
            driver.execute_script("document.querySelector(arguments[0]).textContent = '…'", message)
            driver.execute_script(USE, key)
            said = wait_for(lambda: (lambda t: t if t and t != "…" else None)(text_of(driver, message)),
                            seconds=10, what=f"the answer to {key}")
            report["answers"].append([template, key.removeprefix(f"node-{node}-"), who, said])


def main(driver):
    driver.get(HUB_URL)
    wait_for(lambda: driver.execute_script("return document.querySelectorAll('article[data-node]').length") == CARDS,
             what=f"{CARDS} device cards")
    report["unnamed_controls"] = unnamed_controls(driver)
    use_every_control(driver, "controller")
    use_every_control(driver, "physical")
    act_as(driver, "controller")
    # The button's card follows its presses from the node_event log: the long press released, then a double press.
    button = driver.execute_script(
        "return [...document.querySelectorAll('article[data-node]')]"
        ".find((card) => card.querySelector('h5').textContent === 'generic-switch').dataset.node")
    last = f'[data-state="{button}-last event"]'
    report["after_long_press"] = "Last event: " + wait_for(
        lambda: (lambda t: t if t and "long press" in t and "released" in t else None)(text_of(driver, last)),
        what="the long press released")
    driver.find_element(By.CSS_SELECTOR, f'[data-key="node-{button}-double-press"]').click()
    report["after_double_press"] = "Last event: " + wait_for(
        lambda: (lambda t: t if t and "presses" in t else None)(text_of(driver, last)), what="the double press counted")
    report["states"] = driver.execute_script(
        "return Object.fromEntries([...document.querySelectorAll('article[data-node]')].map((card) => ["
        "card.querySelector('h5').textContent, [...card.querySelectorAll('.state dt')].map((term) => "
        "`${term.textContent}: ${term.nextElementSibling.textContent}`).join('; ')]))")
    report["console_errors"] = severe_console_entries(driver)
    # Every card at once: the window as tall as the page, for the screenshot of the home.
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 1280, "height": height, "deviceScaleFactor": 1, "mobile": False,
    })
    driver.find_element(By.ID, "home").screenshot(os.path.join(ARTIFACTS, "every-kind.png"))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


driver, profile = browser()
try:
    main(driver)
    print(json.dumps(report))
except Exception as error:  # noqa: BLE001 - the report says what happened
    report["error"] = f"{type(error).__name__}: {error}"
    traceback.print_exc()
    print(json.dumps(report))
    sys.exit(1)
finally:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
