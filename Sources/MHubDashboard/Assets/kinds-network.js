// Network infrastructure: the home's router, whose Wi-Fi and Thread networks are the hub's (docs/devices.md,
// "Network infrastructure").

import { byHand, physically, toggle } from "./kind-parts.js";

const SSID = "1/1105/0";
const INTERFACE_ENABLED = "1/1106/3";
const THREAD_NETWORKS = "1/1107/1";

const count = (list) => (Array.isArray(list) ? list.length : 0);

/** The router's Thread radio switched off or on at the router (InterfaceEnabled set by hand), as someone does. */
const threadRadio = toggle({
  key: "thread-radio", name: "Thread radio", on: (get) => get(INTERFACE_ENABLED) === true,
  texts: ["Switch the Thread radio off", "Switch the Thread radio on"],
  act: (on) => byHand(physically(INTERFACE_ENABLED, on)),
});

export const NETWORK = {
  "network-infrastructure-manager": {
    state: (get) => [
      ["Wi-Fi", get(SSID) === null || get(SSID) === undefined ? "none set" : "shared"],
      ["Thread border router", get(INTERFACE_ENABLED) === true ? "running the home's network" : "off"],
      ["Thread networks known", String(count(get(THREAD_NETWORKS)))],
    ],
    controls: [threadRadio],
    note: "Its networks are the hub's: set them in the hub's networks (mhubctl hub network wifi|thread).",
  },
};
