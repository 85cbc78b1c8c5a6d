// Media: the speaker, the TVs and the media controllers (docs/devices.md, "The media devices").

import {
  asController, button, command, isNumber, named, physically, power, powerState, slider,
} from "./kind-parts.js";

const ON_OFF = "1/6/0";
const LEVEL = "1/8/0";
const STATE = "1/1286/0";
const SPEED = "1/1286/4";
const SAMPLE = "1/1286/3";
const DURATION = "1/1286/2";

/** A position in ms as h:mm:ss. */
const clock = (ms) => {
  const seconds = Math.floor(ms / 1000);
  const pad = (n) => String(n).padStart(2, "0");
  return `${Math.floor(seconds / 3600)}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}`;
};

/** Where the film is, from its last sample (a playing film's moves on between samples). */
const position = (get) => {
  const sample = get(SAMPLE);
  const at = sample?.["1"] ?? sample?.position;
  if (!isNumber(at)) return "—";
  return isNumber(get(DURATION)) ? `${clock(at)} of ${clock(get(DURATION))}` : clock(at);
};

/** A Media Playback command, or, by hand, the button on the TV's own remote (CurrentState set). */
const playback = (key, name, commandName, state) => button({
  key, name,
  act: (physical) => {
    if (state === undefined) return asController(command(1286, commandName));
    return physical ? physically(STATE, state) : command(1286, commandName);
  },
});

const speaker = {
  state: (get) => [
    ["Sound", get(ON_OFF) ? "on" : "muted"],
    ["Volume", isNumber(get(LEVEL)) ? `${get(LEVEL)} of 254` : "—"],
  ],
  controls: [
    power,
    slider({
      key: "volume", name: "Volume", min: 1, max: 254,
      value: (get) => get(LEVEL) ?? 100, valueText: (level) => `${level} of 254`,
      act: (level, physical) => (physical ? physically(LEVEL, level)
        : command(8, "MoveToLevel", { level, transitionTime: 0, optionsMask: 1, optionsOverride: 1 })),
    }),
  ],
};

const player = {
  state: (get) => [
    powerState(get),
    ["Playback", named(["playing", "paused", "not playing", "buffering"], get(STATE))],
    ["Speed", isNumber(get(SPEED)) ? `${get(SPEED)}×` : "—"],
    ["Position", position(get)],
  ],
  controls: [
    power, playback("play", "Play", "Play", 0), playback("pause", "Pause", "Pause", 1),
    playback("stop", "Stop", "Stop", 2), playback("rewind", "Rewind", "Rewind"),
    playback("fast-forward", "Fast forward", "FastForward"),
  ],
};

const CURRENT_APP = "1/1292/1";
const FILMS = { "0": 0xfff1, "1": "mhub.films" };

/** The app in focus (Application Launcher's CurrentApp {0 application, 1 endpoint}): its Application Basic's name. */
const currentApp = (get) => {
  const current = get(CURRENT_APP);
  if (current === null || current === undefined) return "none";
  const endpoint = current["1"] ?? current.endpoint;
  return get(`${endpoint}/1293/2`) ?? `endpoint ${endpoint}`;
};

/**
 * The casting player is a Content App Platform: the player's controls, the app in focus, and its "mhub Films" app
 * opened (LaunchApp over the platform's launcher, or by hand: its Status set to ActiveVisibleFocus, as the TV's remote
 * opens it) and stopped.
 */
const castingPlayer = {
  state: (get) => [...player.state(get), ["App", currentApp(get)]],
  controls: [
    ...player.controls,
    button({
      key: "open-films", name: "Open mhub Films",
      act: (physical) => (physical ? physically("2/1293/5", 1) : command(1292, "LaunchApp", { application: FILMS })),
    }),
    button({
      key: "stop-films", name: "Stop mhub Films",
      act: (physical) => (physical ? physically("2/1293/5", 0) : command(1292, "StopApp", { application: FILMS })),
    }),
  ],
};

/** The controllers command a bound player; nothing on them to control. */
const controller = { state: () => [], controls: [] };

export const MEDIA = {
  speaker,
  "basic-video-player": player,
  "casting-video-player": castingPlayer,
  "casting-video-client": controller,
  "video-remote-control": controller,
};
