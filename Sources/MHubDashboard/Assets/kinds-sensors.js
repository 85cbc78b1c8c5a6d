// Sensors: what each measures, in the units people use, and a field per reading that a person can change (a
// controller's write is refused, as the device refuses it) (docs/devices.md, "Sensors").

import { asIs, choice, hundredths, named, reading, tenths, toggle, unknown, writeOrSet } from "./kind-parts.js";

const CONTACT = "1/69/0";
const OCCUPANCY = "1/1030/0";
const AIR_QUALITY = "1/91/0";

/** A kind made of readings only: a state line and a field for each. */
export const readings = (...parts) => ({
  state: (get) => parts.map((part) => part.state(get)),
  controls: parts.map((part) => part.control),
});

export const temperature = reading({
  key: "temperature", name: "Temperature", path: "1/1026/0", unit: "°C", digits: 1, min: -40, max: 125, step: 0.5,
  ...hundredths, fallback: 21,
});
export const humidity = reading({
  key: "humidity", name: "Humidity", path: "1/1029/0", unit: "%", digits: 1, min: 0, max: 100, step: 0.5,
  ...hundredths, fallback: 45,
});
/** Illuminance: MeasuredValue is 10,000 × log10(lux) + 1 (1 is the least, 48001 about 63,000 lx). */
const illuminance = reading({
  key: "illuminance", name: "Illuminance", path: "1/1024/0", unit: "lx", min: 1, max: 63000, step: 1,
  toDevice: (lux) => Math.round(10000 * Math.log10(Math.max(lux, 1)) + 1),
  fromDevice: (value) => 10 ** ((value - 1) / 10000), fallback: 300,
});
const pressure = reading({
  key: "pressure", name: "Pressure", path: "1/1027/0", unit: "kPa", digits: 1, min: 30, max: 110, step: 0.1,
  ...tenths, fallback: 101.3,
});
const flow = reading({
  key: "flow", name: "Flow", path: "1/1028/0", unit: "m³/h", digits: 1, min: 0, max: 100, step: 0.1,
  ...tenths, fallback: 1.2,
});
/** A Concentration Measurement's MeasuredValue, a float in its MeasurementUnit. */
const concentration = (key, name, cluster, unit, max, digits = 0) => reading({
  key, name, path: `1/${cluster}/0`, unit, digits, min: 0, max, step: digits ? 0.01 : 1, ...asIs, fallback: 0,
});
export const pm25 = concentration("pm25", "PM2.5", 1066, "µg/m³", 1000);
const pm10 = concentration("pm10", "PM10", 1069, "µg/m³", 1000);
const co2 = concentration("co2", "CO2", 1037, "ppm", 5000);
const tvoc = concentration("tvoc", "TVOC", 1070, "ppm", 60, 2);

/** Air Quality's AirQuality enumeration. */
const AIR_QUALITIES = ["unknown", "good", "fair", "moderate", "poor", "very poor", "extremely poor"];

/** The Air Quality cluster's verdict: a state line and a choice a person makes at the device. */
export const airQuality = {
  state: (get) => ["Air quality", named(AIR_QUALITIES, get(AIR_QUALITY))],
  control: choice({
    key: "air-quality", name: "Air quality",
    options: () => AIR_QUALITIES.map((text, value) => [value, text]),
    value: (get) => get(AIR_QUALITY) ?? 0,
    act: (value, physical) => writeOrSet(AIR_QUALITY, value, physical),
  }),
};

/** A Boolean State that a person changes at the device (a door opened, water on the floor). */
export const booleanState = ({ key, name, whenTrue, whenFalse, texts }) => ({
  state: (get) => [[name, typeof get(CONTACT) === "boolean" ? (get(CONTACT) ? whenTrue : whenFalse) : unknown]],
  controls: [toggle({
    key, name, on: (get) => get(CONTACT) === true, texts,
    act: (value, physical) => writeOrSet(CONTACT, value, physical),
  })],
});

export const SENSORS = {
  // Boolean State: true is contact, the door closed.
  "contact-sensor": booleanState({
    key: "contact", name: "Contact", whenTrue: "closed", whenFalse: "open", texts: ["Open it", "Close it"],
  }),
  "temperature-sensor": readings(temperature),
  "occupancy-sensor": {
    state: (get) => [["Occupancy", (get(OCCUPANCY) ?? 0) & 1 ? "occupied" : "unoccupied"]],
    controls: [toggle({
      key: "occupancy", name: "Occupancy", on: (get) => ((get(OCCUPANCY) ?? 0) & 1) === 1, texts: ["Leave", "Enter"],
      act: (occupied, physical) => writeOrSet(OCCUPANCY, occupied ? 1 : 0, physical),
    })],
  },
  "light-sensor": readings(illuminance),
  "pressure-sensor": readings(pressure),
  "flow-sensor": readings(flow),
  "humidity-sensor": readings(humidity),
  "air-quality-sensor": readings(airQuality, pm25, pm10, co2, tvoc, temperature, humidity),
};
