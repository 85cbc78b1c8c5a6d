"""The benchmark's HomeKit reference: HAP-python 5.0.0 serving a bridge with one light on 127.0.0.1, as
/work/shared/peers/hap/ref_accessory.py starts it (mDNS replaced by a stand-in that does nothing, so nothing
touches multicast), with mhub-bench's setup code. `mhub-bench run --only homekit --hap-python PYTHON` runs it.

Usage: hap-reference.py PORT STATE_FILE"""
import logging
import signal
import sys

from pyhap.accessory import Accessory, Bridge
from pyhap.accessory_driver import AccessoryDriver
from pyhap.const import CATEGORY_LIGHTBULB


class NoZeroconf:
    """HAP-python awaits these four; none is needed on loopback."""

    async def async_register_service(self, *args, **kwargs):
        return None

    async def async_update_service(self, *args, **kwargs):
        return None

    async def async_unregister_service(self, *args, **kwargs):
        return None

    async def async_close(self):
        return None


class Lamp(Accessory):
    """A Lightbulb whose On is written by the benchmark; the write is taken and nothing else happens."""

    category = CATEGORY_LIGHTBULB

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        service = self.add_preload_service("Lightbulb")
        self.on = service.configure_char("On", setter_callback=lambda value: None)


def main():
    port, state = int(sys.argv[1]), sys.argv[2]
    logging.basicConfig(level=logging.WARNING)
    driver = AccessoryDriver(
        address="127.0.0.1",
        port=port,
        persist_file=state,
        pincode=b"031-45-154",
        mac="AA:BB:CC:DD:EE:36",
        async_zeroconf_instance=NoZeroconf(),
    )
    bridge = Bridge(driver, "Bench Bridge")
    bridge.add_accessory(Lamp(driver, "Lamp"))
    driver.add_accessory(accessory=bridge)
    signal.signal(signal.SIGTERM, driver.signal_handler)
    driver.start()


if __name__ == "__main__":
    main()
