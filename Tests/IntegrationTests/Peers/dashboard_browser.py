#!/usr/bin/env python3
"""Drives mhubd's dashboard in Debian's headless chromium (through chromium-driver, with Selenium from PyPI).

Usage: dashboard_browser.py HUB_URL MHUBCTL SOCKET TOKEN_FILE ARTIFACTS

HUB_URL is the page (http://127.0.0.1:PORT/); MHUBCTL and SOCKET are the built mhubctl and the hub's Unix socket,
which the script uses as a second client (what it reads there is the hub's state, not the page's); TOKEN_FILE is
the hub's admin.token; ARTIFACTS is where the screenshots go. The hub has node 1, "Kitchen light" (on/off), node 2,
"Desk lamp" (dimmable) and node 3, "Front door" (a lock), and its simulated devices 2 (Door, a contact sensor) and
4 (Thermometer) waiting; a controller has added the hub to its fabric.

Prints one JSON object, the report, as its last line, and exits 0 once every step ran (the Swift test judges the
report); exits 1 with the report so far and the error when a step could not run.
"""

import http.server
import json
import os
import shutil
import socketserver
import subprocess
import sys
import threading
import time
import traceback

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

import dashboard_pages
from dashboard_pages import (
    act_as, answer, browser, severe_console_entries, slide, text_of, type_number, wait_for,
)

HUB_URL, MHUBCTL, SOCKET, TOKEN_FILE, ARTIFACTS = sys.argv[1:6]
report = {}


def mhubctl(*arguments):
    """Runs mhubctl against the hub's Unix socket; its JSON output."""
    result = subprocess.run(
        [MHUBCTL, "--socket", SOCKET, *arguments, "--json"], capture_output=True, text=True, timeout=60
    )
    if result.returncode != 0:
        raise RuntimeError(f"mhubctl {' '.join(arguments)}: {result.stderr.strip()}")
    return json.loads(result.stdout)


def completed_steps(driver):
    return driver.execute_script("return [...document.querySelectorAll('.step.completed')].map(e => e.dataset.step)")


def unnamed_controls(driver, where):
    found = dashboard_pages.unnamed_controls(driver)
    report.setdefault("unnamed_controls", {})[where] = found
    report.setdefault("controls_checked", 0)
    report["controls_checked"] += driver.execute_script(
        "return document.querySelectorAll('button, input, select').length")


def screenshot(driver, name, full_page=True):
    """Saves the page (its whole height when `full_page`) as ARTIFACTS/name.png."""
    path = os.path.join(ARTIFACTS, f"{name}.png")
    if full_page:
        width = driver.execute_script("return window.innerWidth")
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 500,
        })
        driver.save_screenshot(path)
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    else:
        driver.save_screenshot(path)
    report.setdefault("screenshots", []).append(path)
    return path


def image_screenshot(driver, selector, name):
    """Saves the image `selector` matches, once it has loaded, as ARTIFACTS/name.png; the page may redraw it
    meanwhile, so a stale element is looked up again. The image is scrolled to the middle of the window first: one
    low on the page (the HomeKit panel's) was otherwise cut at the window's bottom edge, and did not decode."""
    path = os.path.join(ARTIFACTS, f"{name}.png")
    for _ in range(50):
        try:
            image = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, selector), what=selector)[0]
            wait_for(lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth", image),
                     what=f"{selector} to load")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", image)
            image.screenshot(path)
            return path
        except StaleElementReferenceException:
            time.sleep(0.05)
    raise TimeoutError(f"{selector} kept changing")


def decode_qr(path):
    """The text zbarimg reads from an image, or None."""
    result = subprocess.run(["zbarimg", "--quiet", "--raw", path], capture_output=True, text=True, timeout=30)
    return result.stdout.strip() or None


class OtherOrigin(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


def other_origin_page(hub_port):
    """A page of another origin (a second port on 127.0.0.1) whose script tries the hub's WebSocket."""
    page = f"""<!doctype html><html><head><meta charset="utf-8"><title>other</title></head><body>
<p id="result">pending</p>
<script>
const socket = new WebSocket("ws://127.0.0.1:{hub_port}/ws", ["mhub"]);
const result = document.getElementById("result");
socket.onopen = () => {{ result.textContent = "opened"; }};
socket.onmessage = (message) => {{ result.textContent = "received " + message.data.slice(0, 40); }};
socket.onclose = (event) => {{ if (result.textContent === "pending") result.textContent = "refused " + event.code; }};
</script></body></html>""".encode()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(page)))
            self.end_headers()
            self.wfile.write(page)

        def log_message(self, *arguments):
            pass

    server = OtherOrigin(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def read(node, *paths):
    """The hub's values of `paths` ("endpoint/cluster/attribute" in decimal) on `node`, as mhubctl reads them."""
    values = {}
    for path in paths:
        values.update(mhubctl("device", "read", str(node), path))
    return values


def use_more_kinds(driver):
    """The colour bulb (node 4), the fan (5), the valve (6), the smoke alarm (7) and the air monitor (8), each through
    its own controls; what they did is read back from the hub with mhubctl."""
    # Colour: a colour temperature, then a hue (120°) and full saturation: MoveToColorTemperature and
    # MoveToHueAndSaturation, and the colour mode follows.
    slide(driver, "node-4-colour-temperature", 3000)
    wait_for(lambda: text_of(driver, '[data-state="4-colour"]') == "3003 K", what="the bulb at 3000 K")
    report["bulb_after_temperature"] = read(4, "1/768/7", "1/768/8")
    slide(driver, "node-4-hue", 84)
    wait_for(lambda: read(4, "1/768/0")["1/768/0"] == 84, what="the bulb's hue")
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-4-saturation"]').send_keys(Keys.END)
    wait_for(lambda: text_of(driver, '[data-state="4-colour"]') == "hue 119°, saturation 100%",
             what="the bulb green")
    report["bulb_after_colour"] = read(4, "1/768/0", "1/768/1", "1/768/8")
    report["bulb_colour_mode_shown"] = text_of(driver, '[data-state="4-colour mode"]')
    # Blue from the browser's colour picker (its dialog is the browser's own: the value is set as it would set it).
    slide(driver, "node-4-colour", "#0000ff")
    wait_for(lambda: text_of(driver, '[data-state="4-colour"]') == "hue 240°, saturation 100%", what="the bulb blue")
    report["bulb_after_picker"] = read(4, "1/768/0", "1/768/1")

    # The fan: a mode chosen (FanMode written, the fan sets its percentage), then a speed on the slider.
    Select(driver.find_element(By.CSS_SELECTOR, '[data-key="node-5-fan-mode"]')).select_by_value("2")
    wait_for(lambda: text_of(driver, '[data-state="5-fan"]') == "medium", what="the fan at medium")
    report["fan_after_mode"] = read(5, "1/514/0", "1/514/2")
    slide(driver, "node-5-fan-percent", 50)
    wait_for(lambda: (text_of(driver, '[data-state="5-fan speed"]') or "").startswith("50%"), what="the fan at 50%")
    report["fan_after_slider"] = read(5, "1/514/0", "1/514/2", "1/514/3", "1/514/6")

    # The valve opened for ten minutes counts down; then closed.
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-6-open-10"]').click()
    wait_for(lambda: text_of(driver, '[data-state="6-valve"]') == "open", what="the valve open")
    report["valve_after_open"] = read(6, "1/129/3", "1/129/4")
    report["valve_closes_in_shown"] = text_of(driver, '[data-state="6-closes in"]')
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-6-close"]').click()
    wait_for(lambda: text_of(driver, '[data-state="6-valve"]') == "closed", what="the valve closed")
    report["valve_after_close"] = read(6, "1/129/4")["1/129/4"]

    # The smoke alarm's self-test (SelfTestRequest), then smoke sensed by the alarm itself, and its battery low.
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-7-self-test"]').click()
    wait_for(lambda: text_of(driver, '[data-state="7-alarm"]') == "testing", what="the alarm testing")
    report["alarm_while_testing"] = read(7, "1/92/0", "1/92/5")
    wait_for(lambda: text_of(driver, '[data-state="7-self-test"]') == "not running", seconds=15,
             what="the self-test over")
    act_as(driver, "physical")
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-7-smoke"]').click()
    wait_for(lambda: text_of(driver, '[data-state="7-alarm"]') == "smoke alarm", what="the smoke alarm")
    report["alarm_after_smoke"] = read(7, "1/92/0", "1/92/1")
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-7-smoke"]').click()
    wait_for(lambda: text_of(driver, '[data-state="7-smoke"]') == "normal", what="the smoke gone")
    slide(driver, "node-7-battery", 20)
    wait_for(lambda: (text_of(driver, '[data-state="7-battery"]') or "").startswith("20%"), what="the battery low")
    report["alarm_battery"] = read(7, "1/47/12", "1/47/14")
    report["alarm_battery_shown"] = text_of(driver, '[data-state="7-battery"]')

    # A sensor's reading typed in: refused to a controller, set by someone at the air monitor.
    act_as(driver, "controller")
    type_number(driver, "node-8-pm25", 35)
    report["pm25_as_controller"] = answer(driver, 8)
    report["pm25_after_controller"] = read(8, "1/1066/0")["1/1066/0"]
    act_as(driver, "physical")
    type_number(driver, "node-8-pm25", 35)
    wait_for(lambda: text_of(driver, '[data-state="8-pm2.5"]') == "35 µg/m³", what="PM2.5 at 35")
    report["pm25_after_physical"] = read(8, "1/1066/0")["1/1066/0"]
    act_as(driver, "controller")


def main(driver):
    hub_port = int(HUB_URL.rstrip("/").rsplit(":", 1)[1])

    # The page loads from mhubd, connects without a token (the loopback scope) and shows the demo light.
    driver.get(HUB_URL)
    wait_for(lambda: "Connected" in (text_of(driver, "#connection") or ""), what="the page to connect")
    light = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, 'article[data-node="1"]'), what="node 1's card")[0]
    report["demo_light_name"] = light.find_element(By.CSS_SELECTOR, "h5").text
    report["demo_light_room"] = driver.execute_script(
        "return arguments[0].closest('section.room').dataset.room", light)
    report["demo_light_power"] = text_of(driver, '[data-state="1-power"]')
    report["connection_without_token"] = text_of(driver, "#connection")
    report["fabrics_shown"] = wait_for(lambda: (lambda t: t if t and "Fabric" in t else None)(
        text_of(driver, "#fabrics-body")), what="the hub's fabric")
    report["window_before"] = text_of(driver, '[data-fact="window"]')
    unnamed_controls(driver, "loaded")
    screenshot(driver, "overview")

    # Clicking the light's toggle changes the hub's state, as mhubctl reads it.
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-1-power"]').click()
    wait_for(lambda: text_of(driver, '[data-state="1-power"]') == "on", what="the page to show the light on")
    report["hub_after_click"] = mhubctl("device", "read", "1", "1/OnOff/onOff")["1/6/0"]

    # A change made "by hand" elsewhere appears on the page within a second of mhubctl's acknowledgement.
    mhubctl("device", "set", "1", "1/OnOff/onOff", "false", "--as-physical")
    acknowledged = time.monotonic()
    try:
        wait_for(lambda: text_of(driver, '[data-state="1-power"]') == "off", seconds=1.0,
                 what="the physical change on the page")
        report["physical_change_shown_within_1s"] = True
    except TimeoutError:
        report["physical_change_shown_within_1s"] = False
    report["physical_change_ms"] = round((time.monotonic() - acknowledged) * 1000)
    report["log_shows_physical_change"] = "attribute_updated node 1 1/6/0 = false" in (text_of(driver, "#events") or "")

    # The keyboard alone: Tab to the light's toggle, Enter turns it on, and focus stays on it after the update.
    driver.execute_script("window.scrollTo(0, 0); document.querySelector('.skip').focus()")
    for presses in range(1, 80):
        driver.switch_to.active_element.send_keys(Keys.TAB)
        if driver.switch_to.active_element.get_attribute("data-key") == "node-1-power":
            report["tabs_to_toggle"] = presses
            break
    driver.switch_to.active_element.send_keys(Keys.ENTER)
    wait_for(lambda: text_of(driver, '[data-state="1-power"]') == "on", what="the keyboard toggle")
    report["hub_after_keyboard"] = mhubctl("device", "read", "1", "1/OnOff/onOff")["1/6/0"]
    report["focus_kept_after_update"] = driver.switch_to.active_element.get_attribute("data-key")

    # "As physical" from the page: someone at the light turns it off (set_attribute).
    driver.find_element(By.CSS_SELECTOR, 'input[name="act-as"][value="physical"]').click()
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-1-power"]').click()
    wait_for(lambda: text_of(driver, '[data-state="1-power"]') == "off", what="the physical toggle")
    report["physical_message"] = text_of(driver, '[data-message="1"]')
    driver.find_element(By.CSS_SELECTOR, 'input[name="act-as"][value="controller"]').click()

    # Dimming with the keyboard, on the desk lamp's slider: Home moves it to the lowest level, where
    # MoveToLevelWithOnOff turns it off; End to the highest, which turns it on (docs/devices.md).
    def lamp():
        state = mhubctl("device", "read", "2", "1/OnOff/onOff")
        state.update(mhubctl("device", "read", "2", "1/LevelControl/currentLevel"))
        return state
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-2-level"]').send_keys(Keys.HOME)
    wait_for(lambda: text_of(driver, '[data-state="2-brightness"]') == "0%", what="the lamp dimmed")
    report["lamp_after_home"] = lamp()
    driver.switch_to.active_element.send_keys(Keys.END)
    wait_for(lambda: text_of(driver, '[data-state="2-brightness"]') == "100%", what="the lamp brightened")
    report["lamp_after_end"] = lamp()
    report["focus_kept_on_slider"] = driver.switch_to.active_element.get_attribute("data-key")

    # A lock, as a controller: Unlock sends UnlockDoor and the hub's lock is unlocked (LockState 2).
    driver.find_element(By.CSS_SELECTOR, '[data-key="node-3-lock"]').click()
    wait_for(lambda: text_of(driver, '[data-state="3-lock"]') == "unlocked", what="the lock unlocked")
    report["lock_state_after_click"] = mhubctl("device", "read", "3", "1/DoorLock/lockState")["1/257/0"]

    use_more_kinds(driver)

    # A QR code of a waiting device, drawn by the hub, decodes from a screenshot of the page.
    report["nearby_qr_decoded"] = decode_qr(image_screenshot(driver, '[data-simulated="4"] img.qr', "nearby-qr"))

    # Commissioning the door sensor from the page, into a new room, with every step shown as it happens.
    driver.find_element(By.CSS_SELECTOR, '[data-key="commission-2"]').click()
    dialog = wait_for(lambda: [d for d in driver.find_elements(By.ID, "commission-dialog") if d.is_displayed()],
                      what="the commissioning dialog")[0]
    unnamed_controls(driver, "commission dialog")
    name = dialog.find_element(By.ID, "commission-name")
    name.clear()
    name.send_keys("Hall door")
    Select(dialog.find_element(By.ID, "commission-room")).select_by_value("new")
    dialog.find_element(By.ID, "commission-new-room").send_keys("Hall")
    dialog.find_element(By.CSS_SELECTOR, 'button[type="submit"]').click()
    # The realistic profile: each step takes a while, so the page shows a session under way.
    wait_for(lambda: "running" in (text_of(driver, '[data-step="attestation"] .step-state') or ""), seconds=20,
             what="the attestation step running")
    report["steps_seen_running"] = completed_steps(driver)
    screenshot(driver, "commissioning")
    outcome = wait_for(lambda: (lambda t: t if t and ("commissioned" in t or "failed" in t) else None)(
        text_of(driver, '[data-fact="outcome"]')), seconds=40, what="the commissioning to end")
    report["commission_outcome"] = outcome
    report["commission_steps_done"] = completed_steps(driver)
    door = [device for device in mhubctl("devices") if device["name"] == "Hall door"]
    report["commissioned_device"] = door[0] if door else None
    if door:
        card = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, f'article[data-node="{door[0]["node_id"]}"]'),
                        what="the new device's card")[0]
        report["commissioned_card_room"] = driver.execute_script(
            "return arguments[0].closest('section.room').dataset.room", card)

    # A sensor's reading: a controller may not write it (the device refuses); someone at the door opens it.
    if door:
        node = door[0]["node_id"]
        driver.find_element(By.CSS_SELECTOR, f'[data-key="node-{node}-contact"]').click()
        report["sensor_write_as_controller"] = wait_for(
            lambda: (lambda t: t if t and t != "…" else None)(text_of(driver, f'[data-message="{node}"]')),
            what="the sensor's answer")
        driver.find_element(By.CSS_SELECTOR, 'input[name="act-as"][value="physical"]').click()
        driver.find_element(By.CSS_SELECTOR, f'[data-key="node-{node}-contact"]').click()
        wait_for(lambda: text_of(driver, f'[data-state="{node}-contact"]') == "open", what="the door open")
        report["sensor_after_physical"] = mhubctl("device", "read", str(node), "1/BooleanState/stateValue")["1/69/0"]
        driver.find_element(By.CSS_SELECTOR, 'input[name="act-as"][value="controller"]').click()

    # Without admin, the page cannot switch faults or open the hub's window: it says so.
    report["faults_without_admin"] = text_of(driver, "#faults-body .hint")
    # The HomeKit bridge without admin: where it listens and its Device ID, no setup code and no QR code, and why.
    report["homekit_port_shown"] = wait_for(
        lambda: text_of(driver, '[data-fact="homekit-port"]'), what="the HomeKit panel")
    report["homekit_device_id_shown"] = text_of(driver, '[data-fact="homekit-device-id"]')
    report["homekit_paired_shown"] = text_of(driver, '[data-fact="homekit-paired"]')
    report["homekit_without_admin"] = text_of(driver, '[data-fact="homekit-hidden"]')
    report["homekit_qr_without_admin"] = len(driver.find_elements(By.CSS_SELECTOR, "#homekit-body img.qr"))
    report["console_errors_before_admin"] = severe_console_entries(driver)

    # Admin: the token typed into the page, sent as a WebSocket subprotocol element, kept in sessionStorage.
    token = open(TOKEN_FILE).read().strip()
    field = driver.find_element(By.ID, "token")
    field.send_keys(token)
    field.send_keys(Keys.ENTER)
    wait_for(lambda: "admin scope" in (text_of(driver, "#connection") or ""), what="the admin connection")
    report["connection_with_token"] = text_of(driver, "#connection")
    report["token_in_url"] = token in driver.current_url
    report["token_in_session_storage"] = driver.execute_script(
        "return sessionStorage.getItem('mhub.admin-token')") == token
    unnamed_controls(driver, "admin")

    # A fault switched on from the page is on in the hub, and the page shows the hub offline.
    wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '[data-key="fault-hub-offline"]'), what="fault controls")
    driver.find_element(By.CSS_SELECTOR, '[data-key="fault-hub-offline"]').click()
    wait_for(lambda: (text_of(driver, '[data-fact="online"]') or "").startswith("no"), what="the hub offline")
    report["hub_offline_in_hub"] = mhubctl("fault", "list")["hub_offline"]
    driver.find_element(By.CSS_SELECTOR, '[data-key="fault-hub-offline"]').click()
    wait_for(lambda: text_of(driver, '[data-fact="online"]') == "yes", what="the hub online again")
    report["hub_offline_after_second_click"] = mhubctl("fault", "list")["hub_offline"]

    # The hub's own window, opened from the page: its QR code decodes to the payload the hub reports.
    driver.find_element(By.CSS_SELECTOR, '[data-key="window-open"]').click()
    report["window_qr_decoded"] = decode_qr(image_screenshot(driver, "#window-body img.qr", "window-qr"))
    report["window_qr_shown"] = text_of(driver, "#window-body code.payload")

    # With admin, the unpaired bridge's setup code and the QR code of its setup URI, which decodes to that URI.
    report["homekit_setup_code_shown"] = wait_for(
        lambda: text_of(driver, '[data-fact="homekit-setup-code"]'), what="the HomeKit setup code")
    report["homekit_setup_uri_shown"] = text_of(driver, '[data-fact="homekit-setup-uri"]')
    report["homekit_qr_decoded"] = decode_qr(image_screenshot(driver, "#homekit-body img.qr", "homekit-qr"))

    # A device added on the network from the form: its card says where its own node listens, with its QR code.
    driver.find_element(By.ID, "add-name").send_keys("Desk node")
    driver.find_element(By.ID, "add-on-network").click()
    driver.find_element(By.CSS_SELECTOR, '#add-simulated button[type="submit"]').click()
    report["network_device_line"] = wait_for(lambda: (lambda t: t if t and "UDP port" in t else None)(
        text_of(driver, "[data-network] .kind")), seconds=10, what="the port of the device on the network")
    report["network_device_qr_shown"] = len(driver.find_elements(
        By.XPATH, "//li[.//*[@data-network]]//img[contains(@class, 'qr')]")) == 1
    screenshot(driver, "admin")
    report["console_errors"] = severe_console_entries(driver)

    # The policy holds: a script added inline (as an injection would) is refused by the browser.
    driver.execute_script(
        "const s = document.createElement('script'); s.textContent = 'window.injected = true';"
        "document.body.append(s)")
    report["inline_script_ran"] = driver.execute_script("return window.injected === true")
    driver.get_log("browser")  # the refusal's own report

    # A phone-sized screen: one column, nothing wider than the screen.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True,
    })
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.3)
    report["phone_scroll_width"] = driver.execute_script("return document.documentElement.scrollWidth")
    unnamed_controls(driver, "phone")
    path = os.path.join(ARTIFACTS, "phone.png")
    driver.save_screenshot(path)
    report.setdefault("screenshots", []).append(path)
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # A page of another origin cannot open the hub's WebSocket; the hub's own page can (it just did).
    server = other_origin_page(hub_port)
    try:
        driver.get(f"http://127.0.0.1:{server.server_address[1]}/")
        report["other_origin_result"] = wait_for(
            lambda: (lambda t: t if t and t != "pending" else None)(text_of(driver, "#result")), what="the other page")
        report["other_origin_port"] = server.server_address[1]
    finally:
        server.shutdown()

    # The token survives a reload of the tab (sessionStorage), and the page is admin again without typing it.
    driver.get(HUB_URL)
    wait_for(lambda: "admin scope" in (text_of(driver, "#connection") or ""), what="admin after a reload")
    report["admin_after_reload"] = True


def save_report():
    with open(os.path.join(ARTIFACTS, "report.json"), "w") as file:
        json.dump(report, file, indent=2, sort_keys=True)


driver, profile = browser()
try:
    main(driver)
    save_report()
    print(json.dumps(report))
except Exception as error:  # noqa: BLE001 - the report says what happened
    report["error"] = f"{type(error).__name__}: {error}"
    traceback.print_exc()
    try:
        screenshot(driver, "failure", full_page=False)
    except Exception:  # noqa: BLE001
        pass
    save_report()
    print(json.dumps(report))
    sys.exit(1)
finally:
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)
