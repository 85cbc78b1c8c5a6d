// What each device template shows and which controls it has (docs/devices.md). A control's act(get, value,
// physical) names the request: a controller's command or write, or, "as physical", set_attribute (someone used the
// device itself). Paths are "endpoint/cluster/attribute" with decimal IDs, as the protocol writes them.

const command = (cluster, name, payload = {}) => ({
  command: "device_command", args: { endpoint_id: 1, cluster_id: cluster, command_name: name, payload },
});
const write = (path, value) => ({ command: "write_attribute", args: { attribute_path: path, value } });
const physically = (path, value) => ({ command: "set_attribute", args: { attribute_path: path, value } });

const ON_OFF = "1/6/0";
const LEVEL = "1/8/0";
const COLOR_MIREDS = "1/768/7";
const CONTACT = "1/69/0";
const TEMPERATURE = "1/1026/0";
const OCCUPANCY = "1/1030/0";
const LOCK_STATE = "1/257/0";
const LOCAL_TEMPERATURE = "1/513/0";
const HEATING_SETPOINT = "1/513/18";
const LIFT = "1/258/14";

const celsius = (hundredths) => (typeof hundredths === "number" ? `${(hundredths / 100).toFixed(1)} °C` : "unknown");

const power = {
  key: "power", type: "button", name: "Power",
  pressed: (get) => get(ON_OFF) === true,
  text: (get) => (get(ON_OFF) ? "Turn off" : "Turn on"),
  act: (get, _value, physical) => {
    const on = get(ON_OFF) !== true;
    return physical ? physically(ON_OFF, on) : command(6, on ? "On" : "Off");
  },
};

const brightness = {
  key: "level", type: "range", name: "Brightness", min: 1, max: 254,
  value: (get) => get(LEVEL) ?? 1,
  act: (_get, value, physical) =>
    physical
      ? physically(LEVEL, value)
      : command(8, "MoveToLevelWithOnOff", { level: value, transitionTime: 0, optionsMask: 0, optionsOverride: 0 }),
};

const light = {
  state: (get) => [["Power", get(ON_OFF) ? "on" : "off"]],
  controls: [power],
};

const dimmable = {
  state: (get) => [
    ["Power", get(ON_OFF) ? "on" : "off"],
    ["Brightness", `${Math.round(((get(LEVEL) ?? 0) / 254) * 100)}%`],
  ],
  controls: [power, brightness],
};

export const KINDS = {
  "on-off-light": light,
  "on-off-plug-in-unit": light,
  "dimmable-light": dimmable,
  "color-temperature-light": {
    state: (get) => [
      ...dimmable.state(get),
      ["Colour", get(COLOR_MIREDS) ? `${Math.round(1e6 / get(COLOR_MIREDS))} K` : "unknown"],
    ],
    controls: dimmable.controls,
  },
  "contact-sensor": {
    // Boolean State: true is contact, the door closed.
    state: (get) => [["Contact", get(CONTACT) ? "closed" : "open"]],
    controls: [{
      key: "contact", type: "button", name: "Contact",
      pressed: (get) => get(CONTACT) === true,
      text: (get) => (get(CONTACT) ? "Open it" : "Close it"),
      act: (get, _value, physical) =>
        physical ? physically(CONTACT, !get(CONTACT)) : write(CONTACT, !get(CONTACT)),
    }],
  },
  "temperature-sensor": {
    state: (get) => [["Temperature", celsius(get(TEMPERATURE))]],
    controls: [{
      key: "temperature", type: "number", name: "Temperature (°C)", min: -50, max: 100, step: 0.5,
      value: (get) => (typeof get(TEMPERATURE) === "number" ? get(TEMPERATURE) / 100 : 20),
      act: (_get, value, physical) => {
        const hundredths = Math.round(value * 100);
        return physical ? physically(TEMPERATURE, hundredths) : write(TEMPERATURE, hundredths);
      },
    }],
  },
  "occupancy-sensor": {
    state: (get) => [["Occupancy", (get(OCCUPANCY) ?? 0) & 1 ? "occupied" : "unoccupied"]],
    controls: [{
      key: "occupancy", type: "button", name: "Occupancy",
      pressed: (get) => ((get(OCCUPANCY) ?? 0) & 1) === 1,
      text: (get) => ((get(OCCUPANCY) ?? 0) & 1 ? "Leave" : "Enter"),
      act: (get, _value, physical) => {
        const next = (get(OCCUPANCY) ?? 0) & 1 ? 0 : 1;
        return physical ? physically(OCCUPANCY, next) : write(OCCUPANCY, next);
      },
    }],
  },
  "door-lock": {
    // LockState: 0 not fully locked, 1 locked, 2 unlocked.
    state: (get) => [["Lock", ["not fully locked", "locked", "unlocked"][get(LOCK_STATE)] ?? "unknown"]],
    controls: [{
      key: "lock", type: "button", name: "Lock",
      pressed: (get) => get(LOCK_STATE) === 1,
      text: (get) => (get(LOCK_STATE) === 1 ? "Unlock" : "Lock"),
      act: (get, _value, physical) => {
        const lock = get(LOCK_STATE) !== 1;
        return physical ? physically(LOCK_STATE, lock ? 1 : 2) : command(257, lock ? "LockDoor" : "UnlockDoor");
      },
    }],
  },
  thermostat: {
    state: (get) => [["Room", celsius(get(LOCAL_TEMPERATURE))], ["Heating to", celsius(get(HEATING_SETPOINT))]],
    controls: [-1, 1].map((sign) => ({
      key: sign < 0 ? "cooler" : "warmer", type: "button", name: sign < 0 ? "Heat less" : "Heat more",
      text: () => (sign < 0 ? "−0.5 °C" : "+0.5 °C"),
      act: (get, _value, physical) =>
        physical
          ? physically(HEATING_SETPOINT, (get(HEATING_SETPOINT) ?? 2000) + sign * 50)
          : command(513, "SetpointRaiseLower", { mode: 0, amount: sign * 5 }),
    })),
  },
  "window-covering": {
    // Lift in 100ths of a percent: 0 is fully open, 10000 fully closed.
    state: (get) => [["Closed", typeof get(LIFT) === "number" ? `${Math.round(get(LIFT) / 100)}%` : "unknown"]],
    controls: [["open", "Open", "UpOrOpen", 0], ["close", "Close", "DownOrClose", 10000]].map(
      ([key, text, name, lift]) => ({
        key, type: "button", name: text, text: () => text,
        act: (_get, _value, physical) => (physical ? physically(LIFT, lift) : command(258, name)),
      })),
  },
};

/** What a template without an entry here shows: nothing to control. */
export const UNKNOWN_KIND = { state: () => [], controls: [] };
