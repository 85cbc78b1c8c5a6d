// The robotic vacuum cleaner (docs/devices.md, "The robot vacuum"): its run (RVC Operational State 97, started by
// RVC Run Mode 84's Cleaning mode), the rooms it cleans (Service Area 336) and how it cleans (RVC Clean Mode 85).

import { asController, button, choice, command, physically } from "./kind-parts.js";

const RUN_MODES = "1/84/0";
const RUN_MODE = "1/84/1";
const CLEAN_MODES = "1/85/0";
const CLEAN_MODE = "1/85/1";
const STATE = "1/97/4";
const AREAS = "1/336/0";
const CURRENT_AREA = "1/336/3";

const STATES = { 0: "stopped", 1: "cleaning", 2: "paused", 3: "error", 64: "returning to its dock", 65: "charging",
  66: "docked" };

/** A mode cluster's SupportedModes as [[mode, label, tags], …] (ModeOptionStruct by name or field ID). */
const modes = (get, path) => (Array.isArray(get(path)) ? get(path) : [])
  .map((entry) => [entry.mode ?? entry["1"], entry.label ?? entry["0"],
    (entry.modeTags ?? entry["2"] ?? []).map((tag) => tag.value ?? tag["1"])])
  .filter(([mode]) => typeof mode === "number");

/** The first run mode with a tag: 0x4000 Idle, 0x4001 Cleaning. */
const runModeTagged = (get, tag) => modes(get, RUN_MODES).find(([, , tags]) => tags.includes(tag))?.[0] ?? 0;

const areaName = (get, id) => {
  const area = (Array.isArray(get(AREAS)) ? get(AREAS) : []).find((entry) => (entry.areaID ?? entry["0"]) === id);
  const info = area?.areaInfo ?? area?.["2"];
  const location = info?.locationInfo ?? info?.["0"];
  return location?.locationName ?? location?.["0"] ?? (typeof id === "number" ? `area ${id}` : "—");
};

export const ROBOTIC = {
  "robotic-vacuum-cleaner": {
    state: (get) => [
      ["State", STATES[get(STATE)] ?? "unknown"],
      ["Room", get(CURRENT_AREA) === null ? "—" : areaName(get, get(CURRENT_AREA))],
      ["Cleans by", modes(get, CLEAN_MODES).find(([mode]) => mode === get(CLEAN_MODE))?.[1] ?? "unknown"],
    ],
    controls: [
      // Start: RVC Run Mode's Cleaning mode, or the robot's own button (OperationalState Running set at it).
      button({ key: "start", name: "Start", act: (physical, get) => (physical ? physically(STATE, 1)
        : command(84, "ChangeToMode", { newMode: runModeTagged(get, 0x4001) })) }),
      button({ key: "pause", name: "Pause", act: (physical) => (physical ? physically(STATE, 2)
        : command(97, "Pause")) }),
      button({ key: "resume", name: "Resume", act: (physical) => (physical ? physically(STATE, 1)
        : command(97, "Resume")) }),
      button({ key: "dock", name: "Dock", act: () => asController(command(97, "GoHome")) }),
      choice({
        key: "clean-mode", name: "Cleans by",
        options: (get) => modes(get, CLEAN_MODES).map(([mode, label]) => [mode, label]),
        value: (get) => get(CLEAN_MODE) ?? 0,
        act: (newMode) => asController(command(85, "ChangeToMode", { newMode })),
      }),
    ],
  },
};
