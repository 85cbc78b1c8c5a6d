// Network infrastructure: the home's router, whose Wi-Fi and Thread networks are the hub's (docs/devices.md,
// "Network infrastructure").

const SSID = "1/1105/0";
const INTERFACE_ENABLED = "1/1106/3";
const THREAD_NETWORKS = "1/1107/1";

const count = (list) => (Array.isArray(list) ? list.length : 0);

export const NETWORK = {
  "network-infrastructure-manager": {
    state: (get) => [
      ["Wi-Fi", get(SSID) === null || get(SSID) === undefined ? "none set" : "shared"],
      ["Thread border router", get(INTERFACE_ENABLED) === true ? "running the home's network" : "no network"],
      ["Thread networks known", String(count(get(THREAD_NETWORKS)))],
    ],
    controls: [],
    note: "Its networks are the hub's: set them in the hub's networks (mhubctl hub network wifi|thread).",
  },
};
