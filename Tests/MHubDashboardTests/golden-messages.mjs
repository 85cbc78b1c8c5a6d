// The dashboard's model reads the golden messages Swift writes from the protocol's own types
// (Tests/MHubProtocolTests/Fixtures/golden-messages.jsonl): replies set its lists as dashboard.js sets them, events
// change it as the page's socket hands them over; devices on the network read as the nearby panel shows them
// (network-node.js), and the HomeKit bridge as its panel does (homekit-bridge.js). Run by GoldenMessagesScriptTests:
// node golden-messages.mjs ASSETS FILE
import { readFileSync } from "node:fs";
import assert from "node:assert/strict";

const [assets, file] = process.argv.slice(2);
const { HomeModel } = await import(`${assets}/home-model.js`);
const messages = readFileSync(file, "utf8").split("\n").filter((line) => line).map((line) => JSON.parse(line));
const replies = new Map(messages.filter((m) => "message_id" in m).map((m) => [m.message_id, m]));

const model = new HomeModel();
model.structures = replies.get("1").result;
model.setRooms(replies.get("2").result);
model.setDevices(replies.get("3").result);
model.setNodes(replies.get("4").result);
model.simulated = replies.get("5").result;
assert.equal(replies.get("6").error_name, "NodeNotExists");
model.status = replies.get("7").result;
model.templates = new Map(replies.get("8").result.map((template) => [template.key, template]));
assert.equal(model.status.advertising.summary, "advertising: 2 of 2 services established");
assert.deepEqual([model.status.nodes, model.status.simulated_devices, model.status.rooms], [1, 1, 2]);
assert.equal(model.status.timing_profile, "instant");
assert.equal(model.templates.get("dimmable-light").device_type, 0x0101);

assert.deepEqual(model.structures.map((s) => s.name), ["Home"]);
assert.deepEqual(model.roomsOf(1).map((r) => r.name), ["Kitchen"]);
assert.deepEqual(model.devicesIn(1, 1).map((d) => d.name), ["Lamp"]);
assert.equal(model.attribute(5, "1/6/0"), true);
assert.equal(model.simulated[0].qr_code, "MT:-24J0AFN00KA0648G00");

// The HomeKit bridge as an admin reads it before anyone paired (reply 11, get_homekit): its setup code and QR code.
const { hiddenSetupCodeLine, homeKitFacts, pairingLines, showsSetupCode } = await import(`${assets}/homekit-bridge.js`);
model.homekit = replies.get("11").result;
const factsOf = (homekit) => Object.fromEntries(homeKitFacts(homekit).map(([term, value]) => [term, value]));
assert.deepEqual(factsOf(model.homekit), {
  "Port": "TCP 51826", "Device ID": "AA:BB:CC:DD:EE:01", "Setup ID": "MHUB", "Paired": "no",
  "Accessories": "2 served, 1 left out", "Configuration (c#)": "1",
});
assert.equal(showsSetupCode(model.homekit), true);
assert.equal(model.homekit.setup_code, "031-45-154");
assert.equal(model.homekit.setup_uri, "X-HM://0023ISYWYMHUB");
assert.equal(hiddenSetupCodeLine(model.homekit, true), null);
assert.deepEqual(pairingLines(model.homekit), []);
// Another scope reads it without the code: the panel says why nothing shows.
const withoutCode = { ...model.homekit, setup_code: "", setup_uri: "" };
assert.equal(showsSetupCode(withoutCode), false);
assert.equal(hiddenSetupCodeLine(withoutCode, false), "Its setup code and QR code show with the admin scope.");
// Off, and not listening yet.
assert.deepEqual(homeKitFacts({ enabled: false }), [["HomeKit", "off (homekit.enabled is false)", "homekit-enabled"]]);
assert.equal(showsSetupCode({ enabled: false }), false);
assert.deepEqual(pairingLines({ enabled: false }), []);
assert.equal(homeKitFacts({ ...model.homekit, port: 0 })[0][1], "starting: its port does not listen yet");

// A node's later life: one of its attributes changes, then it is removed (applied after the rest).
const later = new Set(["attribute_updated", "node_removed"]);
const refetch = {};
for (const message of messages.filter((m) => "event" in m && !later.has(m.event))) {
  refetch[message.event] = model.apply(message.event, message.data);
}
assert.deepEqual(model.structures.map((s) => s.name), ["Home"]);
assert.deepEqual(refetch.structure_updated, []);
assert.deepEqual(refetch.structure_removed, ["devices"]);
assert.deepEqual(model.roomsOf(1).map((r) => r.name), ["Hall"]);
assert.deepEqual(model.devicesIn(1, 2).map((d) => d.node_id), [5]);
assert.equal(model.attribute(5, "1/6/0"), false);
assert.equal(model.nodes.get(5).available, false);
assert.deepEqual(model.simulated.map((d) => d.simulated_device_id), [3]);
assert.deepEqual(refetch.room_removed, ["devices"]);
assert.deepEqual(refetch.simulated_device_added, ["status"]);
// A controller paired (homekit_updated): the model keeps the facts the event carries, fetches get_homekit again
// (the event never carries a setup code), and the panel shows the controllers and no code.
assert.deepEqual(refetch.homekit_updated, ["homekit"]);
assert.equal(model.homekit.paired, true);
assert.equal(showsSetupCode(model.homekit), false);
assert.equal(factsOf(model.homekit).Paired, "yes, with 2 controllers");
assert.equal(factsOf(model.homekit)["Configuration (c#)"], "2");
assert.deepEqual(pairingLines(model.homekit), ["8F6E1C52-0D3A-4C8B-9E21-5A7B3C9D0E14 (admin)", "iPad-guest (user)"]);
assert.equal(hiddenSetupCodeLine(model.homekit, true),
  "Paired: a new controller is added from the Home app of an admin controller.");

for (const message of messages.filter((m) => later.has(m.event))) {
  if (message.event === "attribute_updated") {
    refetch.attribute_updated = model.apply(message.event, message.data);
    assert.equal(model.attribute(5, "1/8/0"), 200);
  } else {
    refetch.node_removed = model.apply(message.event, message.data);
  }
}
assert.deepEqual(refetch.attribute_updated, []);
assert.equal(model.nodes.has(5), false);
assert.equal(model.devices.has(5), false);
assert.deepEqual(refetch.node_removed, ["simulated", "status"]);
// Devices on the network (reply 10, get_simulated_devices): the nearby panel's lines for their own nodes.
const { closedWindowLine, fabricLines, networkLine, showsCodes } = await import(`${assets}/network-node.js`);
const [waitingOnNetwork, onAFabric] = replies.get("10").result;
assert.equal(networkLine(waitingOnNetwork), "on the network · UDP port 5541");
assert.equal(showsCodes(waitingOnNetwork), true);
assert.equal(closedWindowLine(waitingOnNetwork), null);
assert.deepEqual(fabricLines(waitingOnNetwork), []);
// Still commissionable by mhub, but its own window closed once a controller put it on its fabric: no codes shown.
assert.equal(onAFabric.commissionable, true);
assert.equal(showsCodes(onAFabric), false);
assert.equal(networkLine(onAFabric), "on the network · UDP port 5542");
assert.equal(closedWindowLine(onAFabric), "Window closed: it is on a fabric.");
assert.deepEqual(fabricLines(onAFabric), ["Fabric 1: vendor 0xFFF1, “Kitchen hub”"]);
// A node that does not listen (yet, or at all), and a device with no node of its own.
const starting = { ...waitingOnNetwork, matter_node: { ...waitingOnNetwork.matter_node, port: null,
  commissioning_window_open: false } };
assert.equal(networkLine(starting), "on the network · not listening yet");
assert.equal(closedWindowLine(starting), null);
const failed = { ...starting, matter_node: { ...starting.matter_node, problem: "no free UDP port from 5541" } };
assert.equal(networkLine(failed), "on the network · no free UDP port from 5541");
assert.equal(closedWindowLine(failed), "Window closed: no free UDP port from 5541.");
const lamp = replies.get("5").result[0];
assert.equal(networkLine(lamp), null);
assert.equal(closedWindowLine(lamp), null);
assert.equal(showsCodes(lamp), lamp.commissionable);
console.log(`golden messages: ${messages.length} read`);
