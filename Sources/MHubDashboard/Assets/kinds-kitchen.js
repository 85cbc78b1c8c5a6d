// Kitchen appliances: the fridge-freezer and the wine cooler (Temperature Controlled Cabinets), the hob and its zones,
// the cooker hood, the oven and the microwave (docs/devices.md, "The kitchen appliances"). A setpoint or a zone's level is SetTemperature on the
// part's endpoint, or turned at the appliance; the reading then moves towards it on the hub's clock. A hob's zone is
// switched on only at the hob (OffOnly): a controller can only switch it off. The fridge's door is opened by a person.

import {
  asController, button, byHand, celsius, choice, command, isNumber, named, physically, unknown,
} from "./kind-parts.js";
import { carbon, fanControls, fanState } from "./kinds-hvac.js";

const DOOR_STATE = "1/87/2";

/** A mode cluster's SupportedModes as [[mode, label], …] (ModeOptionStruct {0 Label, 1 Mode}, or by name). */
const modes = (get, endpoint) => (get(`${endpoint}/82/0`) ?? []).map((option) => [
  option["1"] ?? option.mode, option["0"] ?? option.label,
]);
const modeName = (get, endpoint) =>
  modes(get, endpoint).find(([mode]) => mode === get(`${endpoint}/82/1`))?.[1] ?? unknown;

/** A cabinet on `endpoint`: its reading, its setpoint and, where it has them, its modes. */
const cabinet = ({ endpoint, what }) => ({
  state: (get) => [
    [what, `${celsius(get(`${endpoint}/1026/0`))}, set to ${celsius(get(`${endpoint}/86/0`))}`],
    ...(get(`${endpoint}/82/1`) === undefined ? [] : [[`${what} mode`, modeName(get, endpoint)]]),
  ],
  controls: [
    choice({
      key: `setpoint-${endpoint}`, name: `${what} set to`,
      options: (get) => {
        const [low, high, step] = [1, 2, 3].map((attribute) => get(`${endpoint}/86/${attribute}`));
        if (![low, high, step].every(isNumber) || step <= 0) return [];
        return Array.from({ length: Math.floor((high - low) / step) + 1 }, (_, index) => low + index * step)
          .map((value) => [value, celsius(value)]);
      },
      value: (get) => get(`${endpoint}/86/0`) ?? 0,
      act: (value, physical) => (physical ? physically(`${endpoint}/86/0`, value)
        : command(86, "SetTemperature", { targetTemperature: value }, endpoint)),
    }),
  ],
});

/** A cabinet's modes: ChangeToMode on its endpoint, or chosen at the appliance. */
const modeChoice = ({ endpoint, what }) => choice({
  key: `mode-${endpoint}`, name: `${what} mode`, options: (get) => modes(get, endpoint),
  value: (get) => get(`${endpoint}/82/1`) ?? 0,
  act: (mode, physical) => (physical ? physically(`${endpoint}/82/1`, mode)
    : command(82, "ChangeToMode", { newMode: mode }, endpoint)),
});

const fridge = cabinet({ endpoint: 2, what: "Fridge" });
const freezer = cabinet({ endpoint: 3, what: "Freezer" });
const wine = cabinet({ endpoint: 1, what: "Cabinet" });

/** A zone of the hob on `endpoint`: on or off, its level and its pan. */
const LEVELS = ["Low", "Medium", "High"];
const zone = ({ endpoint, what }) => ({
  state: (get) => [[what, `${get(`${endpoint}/6/0`) ? "on" : "off"}, ${
    named(LEVELS, get(`${endpoint}/86/4`))}, pan ${celsius(get(`${endpoint}/1026/0`))}`]],
  controls: [
    button({
      key: `zone-on-${endpoint}`, name: `${what} on at the hob`,
      act: () => byHand(physically(`${endpoint}/6/0`, true)),
    }),
    button({
      key: `zone-off-${endpoint}`, name: `${what} off`,
      act: (physical) => (physical ? physically(`${endpoint}/6/0`, false) : command(6, "Off", {}, endpoint)),
    }),
    choice({
      key: `level-${endpoint}`, name: `${what} level`, options: () => LEVELS.map((name, index) => [index, name]),
      value: (get) => get(`${endpoint}/86/4`) ?? 1,
      act: (level, physical) => (physical ? physically(`${endpoint}/86/4`, level)
        : command(86, "SetTemperature", { targetTemperatureLevel: level }, endpoint)),
    }),
  ],
});
const front = zone({ endpoint: 2, what: "Front zone" });
const rear = zone({ endpoint: 3, what: "Rear zone" });

/** OperationalStateEnum's names (Operational State 96 and Oven Cavity Operational State 72). */
const STATES = ["stopped", "running", "paused", "error"];
/** An operational state cluster's command on `endpoint`, or its button pressed at the appliance. */
const programButton = ({ name, cluster, endpoint, physicalState }) => button({
  key: `${name.toLowerCase()}-${endpoint}`, name,
  act: (physical) => (physical ? physically(`${endpoint}/${cluster}/4`, physicalState)
    : command(cluster, name, {}, endpoint)),
});
const oven = cabinet({ endpoint: 2, what: "Oven" });
const ovenModes = (get) => (get("2/73/0") ?? []).map((option) => [option["1"] ?? option.mode, option["0"] ?? option.label]);
const countdown = (get, path) => (isNumber(get(path)) ? `${get(path)} s left` : "—");

export const KITCHEN = {
  refrigerator: {
    state: (get) => [
      ["Door", isNumber(get(DOOR_STATE)) ? (get(DOOR_STATE) & 1 ? "open" : "closed") : unknown],
      ...fridge.state(get), ...freezer.state(get),
    ],
    controls: [
      button({ key: "door-open", name: "Open the door", act: () => byHand(physically(DOOR_STATE, 1)) }),
      button({ key: "door-close", name: "Close the door", act: () => byHand(physically(DOOR_STATE, 0)) }),
      ...fridge.controls, modeChoice({ endpoint: 2, what: "Fridge" }),
      ...freezer.controls, modeChoice({ endpoint: 3, what: "Freezer" }),
    ],
  },
  "temperature-controlled-cabinet": wine,
  cooktop: {
    state: (get) => [["Hob", get("1/6/0") ? "on" : "off"], ...front.state(get), ...rear.state(get)],
    controls: [
      button({
        key: "hob-off", name: "Hob off",
        act: (physical) => (physical ? physically("1/6/0", false) : command(6, "Off")),
      }),
      ...front.controls, ...rear.controls,
    ],
  },
  "extractor-hood": {
    state: (get) => [...fanState(get), carbon.state(get)],
    controls: [...fanControls, carbon.control],
  },
  oven: {
    state: (get) => [
      ["Cooking", named(STATES, get("2/72/4"))], ["Time left", countdown(get, "2/72/2")], ...oven.state(get),
      ["Mode", ovenModes(get).find(([mode]) => mode === get("2/73/1"))?.[1] ?? unknown],
    ],
    controls: [
      programButton({ name: "Start", cluster: 72, endpoint: 2, physicalState: 1 }),
      programButton({ name: "Stop", cluster: 72, endpoint: 2, physicalState: 0 }),
      ...oven.controls,
      choice({
        key: "oven-mode", name: "Mode", options: ovenModes, value: (get) => get("2/73/1") ?? 0,
        act: (mode, physical) => (physical ? physically("2/73/1", mode)
          : command(73, "ChangeToMode", { newMode: mode }, 2)),
      }),
    ],
  },
  "microwave-oven": {
    state: (get) => [
      ["Cooking", named(STATES, get("1/96/4"))], ["Time left", countdown(get, "1/96/2")],
      ["Cook time", isNumber(get("1/95/0")) ? `${get("1/95/0")} s at ${get("1/95/2") ?? unknown}%` : unknown],
    ],
    controls: [
      button({
        key: "cook-30", name: "Cook 30 s",
        act: () => asController(command(95, "SetCookingParameters", { cookTime: 30, startAfterSetting: true })),
      }),
      button({ key: "more-30", name: "+30 s", act: () => asController(command(95, "AddMoreTime", { timeToAdd: 30 })) }),
      programButton({ name: "Start", cluster: 96, endpoint: 1, physicalState: 1 }),
      programButton({ name: "Pause", cluster: 96, endpoint: 1, physicalState: 2 }),
      programButton({ name: "Resume", cluster: 96, endpoint: 1, physicalState: 1 }),
      programButton({ name: "Stop", cluster: 96, endpoint: 1, physicalState: 0 }),
    ],
  },
};
