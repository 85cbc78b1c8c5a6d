// Appliances: the washer, the dryer and the dishwasher (docs/devices.md, "Laundry and dishes"): their program
// (Operational State 96), power (a dead-front On/Off), mode and, on the dishwasher, the door.

import { button, choice, command, named, physically, power, powerState } from "./kind-parts.js";

const PHASE_LIST = "1/96/0";
const CURRENT_PHASE = "1/96/1";
const COUNTDOWN = "1/96/2";
const STATE = "1/96/4";
const ALARM_STATE = "1/93/2";

const STATES = ["stopped", "running", "paused", "error"];

/** The machine's program buttons: the command, or the machine's own button (its OperationalState set). */
const programButton = (key, name, state) => button({
  key, name,
  act: (physical) => (physical ? physically(STATE, state) : command(96, name)),
});
const programButtons = [
  programButton("start", "Start", 1), programButton("pause", "Pause", 2), programButton("resume", "Resume", 1),
  programButton("stop", "Stop", 0),
];

const timeLeft = (seconds) => (typeof seconds === "number" ? `${Math.ceil(seconds / 60)} min` : "—");

const programState = (get) => {
  const phases = Array.isArray(get(PHASE_LIST)) ? get(PHASE_LIST) : [];
  const running = get(STATE) === 1 || get(STATE) === 2;
  return [
    ["Program", named(STATES, get(STATE))],
    ["Phase", running ? (phases[get(CURRENT_PHASE)] ?? "—") : "—"],
    ["Time left", timeLeft(get(COUNTDOWN))],
  ];
};

/** The mode cluster's SupportedModes as [[mode, label], …] (ModeOptionStruct by name or field ID). */
const modeChoice = (cluster) => {
  const supported = `1/${cluster}/0`;
  const current = `1/${cluster}/1`;
  const options = (get) => (Array.isArray(get(supported)) ? get(supported) : [])
    .map((entry) => [entry.mode ?? entry["1"], entry.label ?? entry["0"]])
    .filter(([mode]) => typeof mode === "number");
  return {
    state: (get) => ["Mode", options(get).find(([mode]) => mode === get(current))?.[1] ?? "unknown"],
    control: choice({
      key: "mode", name: "Mode", options, value: (get) => get(current) ?? 0,
      act: (newMode, physical) => (physical ? physically(current, newMode)
        : command(cluster, "ChangeToMode", { newMode })),
    }),
  };
};

const appliance = (modeCluster, extra = { state: () => [], controls: [] }) => {
  const mode = modeChoice(modeCluster);
  return {
    state: (get) => [powerState(get), ...programState(get), mode.state(get), ...extra.state(get)],
    controls: [power, ...programButtons, mode.control, ...extra.controls],
  };
};

/** The dishwasher's door: opened at the machine raises its door alarm (and pauses a program under way). */
const door = {
  state: (get) => [["Door", (get(ALARM_STATE) ?? 0) & 4 ? "open" : "closed"]],
  controls: [
    button({ key: "open-door", name: "Open the door", act: (_physical, get) => ({
      ...physically(ALARM_STATE, (get(ALARM_STATE) ?? 0) | 4), physical: true }) }),
    button({ key: "close-door", name: "Close the door", act: (_physical, get) => ({
      ...physically(ALARM_STATE, (get(ALARM_STATE) ?? 0) & ~4), physical: true }) }),
  ],
};

export const APPLIANCES = {
  "laundry-washer": appliance(81),
  "laundry-dryer": appliance(81),
  dishwasher: appliance(89, door),
};
