// Switches and controls: buttons and rockers a person uses, the controllers of bound lights, and Mode Select
// (docs/devices.md, "Switches and controls").

import { button, choice, command, physically, toggle } from "./kind-parts.js";

const POSITION = "1/59/1";
const MODE_DESCRIPTION = "1/80/0";
const SUPPORTED_MODES = "1/80/2";
const CURRENT_MODE = "1/80/3";

/** A press of the momentary button, by the person at it whatever the page acts as (`press_button`). */
const press = (key, text, presses, long = false) => button({
  key, name: text,
  act: () => ({
    command: "press_button", args: { endpoint_id: 1, presses, ...(long ? { long: true } : {}) }, physical: true,
  }),
});

/** The Switch cluster's events (Application Cluster Specification 1.13.7) as a card says the newest. */
function switchEventText(event) {
  if (!event) return "none yet";
  const presses = event.data?.totalNumberOfPressesCounted ?? event.data?.currentNumberOfPressesCounted;
  switch (event.event_id) {
    case 0: return `rocked to position ${event.data?.newPosition}`;
    case 1: return "pressed";
    case 2: return "held (long press)";
    case 3: return "released";
    case 4: return "released after a long press";
    case 5: return `pressed again (${presses} so far)`;
    case 6: return presses ? `${presses} press${presses === 1 ? "" : "es"}, done` : "too many presses, done";
    default: return `event ${event.event_id}`;
  }
}
const lastSwitchEvent = (lastEvent) => ["Last event", switchEventText(lastEvent?.(59))];

/** What a controller of bound lights shows: its battery, and nothing to control. */
const controller = {
  state: () => [],
  controls: [],
  note: "It commands the lights bound to it (its On/Off is a client): it has nothing of its own to control, only its "
    + "battery.",
};

/** SupportedModes' entries, [[mode, label], …]; a struct's fields by name or by ID (0 label, 1 mode). */
function supportedModes(get) {
  const modes = Array.isArray(get(SUPPORTED_MODES)) ? get(SUPPORTED_MODES) : [];
  return modes.map((entry) => [entry.mode ?? entry["1"], entry.label ?? entry["0"]])
    .filter(([mode]) => typeof mode === "number");
}

const modeLabel = (get) =>
  supportedModes(get).find(([mode]) => mode === get(CURRENT_MODE))?.[1] ?? `mode ${get(CURRENT_MODE) ?? "unknown"}`;

export const SWITCHES = {
  "generic-switch": {
    state: (get, lastEvent) => [["Button", get(POSITION) === 1 ? "pressed" : "released"], lastSwitchEvent(lastEvent)],
    controls: [press("press", "Press", 1), press("double-press", "Double press", 2),
      press("long-press", "Long press", 1, true)],
    note: "Pressed by someone at it, whatever the page acts as; a controller sees its events in the log.",
  },
  "generic-switch-latching": {
    state: (get, lastEvent) => [["Position", String(get(POSITION) ?? "unknown")], lastSwitchEvent(lastEvent)],
    controls: [toggle({
      key: "position", name: "Position", on: (get) => get(POSITION) === 1,
      texts: ["Rock to position 0", "Rock to position 1"],
      act: (position) => ({ ...physically(POSITION, position ? 1 : 0), physical: true }),
    })],
    note: "Rocked by someone at it, whatever the page acts as.",
  },
  "on-off-light-switch": controller,
  "dimmer-switch": controller,
  "color-dimmer-switch": controller,
  "on-off-sensor": controller,
  "door-lock-controller": { ...controller, note: "It commands the locks bound to it (its Door Lock is a client): it has "
    + "nothing of its own to control, only its battery." },
  "window-covering-controller": { ...controller, note: "It commands the blinds bound to it (its Window Covering is a "
    + "client): it has nothing of its own to control, only its battery." },
  "pump-controller": { ...controller, note: "It commands the pumps bound to it (its On/Off and Pump Configuration and "
    + "Control are clients): it has nothing of its own to control, only its battery." },
  "control-bridge": controller,
  "mode-select": {
    state: (get) => [[get(MODE_DESCRIPTION) || "Mode", modeLabel(get)]],
    controls: [choice({
      key: "mode", name: "Mode", options: supportedModes, value: (get) => get(CURRENT_MODE) ?? 0,
      act: (newMode, physical) => (physical ? physically(CURRENT_MODE, newMode)
        : command(80, "ChangeToMode", { newMode })),
    })],
  },
};
