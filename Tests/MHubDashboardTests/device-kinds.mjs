// The dashboard's device kinds read against mhub's templates: every template has a kind, a new device's state reads
// without "unknown", and every request a control sends (as a controller and as a person, at its lowest, highest or
// each offered value) names an attribute, command and fields the template's endpoint has; and a button's card says
// its last event.
// Run by DeviceKindsScriptTests: node device-kinds.mjs ASSETS CATALOGUE (the templates, written by the test).
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";

const [assets, file] = process.argv.slice(2);
const { KINDS, kindOf } = await import(`${assets}/device-kinds.js`);
const templates = JSON.parse(readFileSync(file, "utf8"));
const problems = [];
const TYPES = new Set(["button", "range", "number", "select", "color"]);

/** The values a control is tried with. */
function samples(control, get) {
  switch (control.type) {
    case "button": return [null];
    case "range": case "number": return [control.min, control.max];
    case "select": return control.options(get).map(([value]) => value);
    case "color": return ["#ff0000", "#00ff80", control.value(get)];
    default: return [];
  }
}

function checkRequest(template, what, request) {
  const where = `${template.key} ${what}`;
  const { command, args } = request;
  switch (command) {
    case "write_attribute":
    case "set_attribute": {
      const [endpoint, cluster, attribute] = args.attribute_path.split("/").map(Number);
      const known = template.clusters[`${endpoint}/${cluster}`]?.attributes ?? [];
      if (!known.includes(attribute)) problems.push(`${where}: no attribute ${args.attribute_path}`);
      if (args.value === undefined || Number.isNaN(args.value)) {
        problems.push(`${where}: no value for ${args.attribute_path}`);
      }
      break;
    }
    case "device_command": {
      const fields = template.clusters[`${args.endpoint_id}/${args.cluster_id}`]?.commands?.[args.command_name];
      if (!fields) {
        problems.push(`${where}: no command ${args.endpoint_id}/${args.cluster_id}/${args.command_name}`);
        break;
      }
      for (const name of Object.keys(args.payload)) {
        if (!fields.includes(name)) problems.push(`${where}: ${args.command_name} has no field ${name}`);
      }
      break;
    }
    case "press_button":
      if (!template.clusters[`${args.endpoint_id}/59`]) problems.push(`${where}: press_button on a device without a Switch`);
      if (!(args.presses >= 1 && args.presses <= 10)) problems.push(`${where}: presses ${args.presses}`);
      break;
    default:
      problems.push(`${where}: unknown request ${command}`);
  }
}

for (const template of templates) {
  if (!KINDS[template.key]) {
    problems.push(`${template.key}: no kind`);
    continue;
  }
  const get = (path) => template.attributes[path];
  const kind = kindOf(template.key, get);
  for (const line of kind.state(get)) {
    assert.equal(line.length, 2, `${template.key}: a state line is a label and a value`);
    if (typeof line[0] !== "string" || typeof line[1] !== "string") {
      problems.push(`${template.key}: state line ${JSON.stringify(line)} is not text`);
    } else if (line[1].includes("unknown")) {
      problems.push(`${template.key}: ${line[0]} reads "${line[1]}" on a new device`);
    }
  }
  const keys = kind.controls.map((control) => control.key);
  if (new Set(keys).size !== keys.length) problems.push(`${template.key}: two controls share a key (${keys})`);
  for (const control of kind.controls) {
    if (!TYPES.has(control.type)) problems.push(`${template.key} ${control.key}: type ${control.type}`);
    if (!control.name) problems.push(`${template.key} ${control.key}: no name`);
    for (const value of samples(control, get)) {
      for (const physical of [false, true]) {
        for (const request of [control.act(get, value, physical)].flat()) {
          checkRequest(template, `${control.key}(${value}${physical ? ", physical" : ""})`, request);
        }
      }
    }
  }
}
for (const key of Object.keys(KINDS)) {
  if (!templates.some((template) => template.key === key)) problems.push(`${key}: a kind of no template`);
}
assert.deepEqual(problems, []);

// A button's last event, as node_event brings it (docs/protocol.md) and the model keeps it: what the card says.
const { HomeModel } = await import(`${assets}/home-model.js`);
const model = new HomeModel();
const pressed = (eventID, data) => model.apply("node_event", {
  node_id: 9, endpoint_id: 1, cluster_id: 59, event_id: eventID, event_number: model.events.length + 1, priority: 1,
  timestamp: 0, timestamp_type: 0, data,
});
const button = templates.find((template) => template.key === "generic-switch");
const lastLine = () => kindOf("generic-switch", (path) => button.attributes[path])
  .state((path) => button.attributes[path], (cluster) => model.lastNodeEvent(9, cluster))
  .find(([label]) => label === "Last event")[1];
assert.equal(lastLine(), "none yet");
pressed(1, { newPosition: 1 });
assert.equal(lastLine(), "pressed");
pressed(6, { previousPosition: 1, totalNumberOfPressesCounted: 2 });
assert.equal(lastLine(), "2 presses, done");
model.apply("node_event", { node_id: 9, endpoint_id: 0, cluster_id: 40, event_id: 0, event_number: 9, data: {} });
assert.equal(lastLine(), "2 presses, done");
console.log(`device kinds: ${templates.length} templates`);
