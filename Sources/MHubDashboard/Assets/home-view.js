// The home: structures, their rooms, and a card per device with its state, reachability and controls.

import { kindOf } from "./device-kinds.js";
import { h } from "./dom.js";

/**
 * The home's elements. `actions.control(nodeID, control, value)` runs a control; `messages` holds the last
 * message of each device (node_id → text).
 */
export function homeView(model, actions, messages) {
  if (model.structures.length === 0) return [h("p", { class: "hint" }, "Loading the home…")];
  return model.structures.map((structure) => {
    const rooms = model.roomsOf(structure.structure_id);
    const unplaced = model.devicesIn(structure.structure_id, null);
    const sections = rooms.map((room) =>
      roomView(room.name, `room-${room.room_id}`, model.devicesIn(structure.structure_id, room.room_id), model,
        actions, messages));
    if (unplaced.length > 0) sections.push(roomView("No room", `room-none-${structure.structure_id}`, unplaced, model,
      actions, messages));
    const empty = model.devices.size === 0
      ? h("p", { class: "hint" }, "No devices yet: commission one of the nearby devices.") : null;
    return h("section", { class: "structure", "aria-labelledby": `structure-${structure.structure_id}` },
      h("h3", { id: `structure-${structure.structure_id}` }, structure.name), empty, sections);
  });
}

function roomView(name, id, devices, model, actions, messages) {
  return h("section", { class: "room", "aria-labelledby": id, dataset: { room: name } },
    h("h4", { id }, name),
    devices.length === 0
      ? h("p", { class: "hint" }, "Nothing in this room.")
      : h("div", { class: "cards" }, devices.map((device) => deviceCard(device, model, actions, messages))));
}

/** One device's card; made again whenever the device changes. */
export function deviceCard(device, model, actions, messages) {
  const id = device.node_id;
  const node = model.nodes.get(id);
  const get = (path) => model.attribute(id, path);
  const lastEvent = (clusterID) => model.lastNodeEvent(id, clusterID);
  const kind = kindOf(device.template, get);
  const title = model.templates.get(device.template)?.title ?? device.template;
  const reachable = node?.available !== false;
  return h("article", {
    class: reachable ? "device" : "device unreachable", "aria-labelledby": `node-${id}-name`,
    dataset: { node: String(id) },
  },
  h("h5", { id: `node-${id}-name` }, device.name),
  h("p", { class: "kind" }, `${title} · node ${id}`,
    h("span", { class: reachable ? "badge ok" : "badge bad", dataset: { reachability: String(id) } },
      reachable ? "reachable" : "unreachable")),
  h("dl", { class: "state" }, kind.state(get, lastEvent).flatMap(([label, value]) => [
    h("dt", {}, label), h("dd", { dataset: { state: `${id}-${label.toLowerCase()}` } }, value),
  ])),
  kind.note ? h("p", { class: "hint" }, kind.note) : null,
  h("div", { class: "controls" }, kind.controls.map((control) => controlView(device, control, get, actions))),
  h("p", { class: "message", role: "status", dataset: { message: String(id) } }, messages.get(id) ?? ""));
}

function controlView(device, control, get, actions) {
  const key = `node-${device.node_id}-${control.key}`;
  switch (control.type) {
    case "button": {
      const text = control.text(get);
      return h("button", {
        type: "button", "aria-label": `${text} ${device.name}`, dataset: { key },
        class: control.pressed?.(get) ? "pressed" : null,
        onclick: () => actions.control(device.node_id, control, null),
      }, text);
    }
    case "range": {
      const value = control.value(get);
      return h("span", { class: "field" }, label(key, control, device),
        h("input", {
          id: key, type: "range", min: control.min, max: control.max, step: control.step, value, dataset: { key },
          "aria-valuetext": control.valueText?.(value),
          oninput: (event) => {
            const moved = Number(event.target.value);
            if (control.valueText) event.target.setAttribute("aria-valuetext", control.valueText(moved));
          },
          onchange: (event) => actions.control(device.node_id, control, Number(event.target.value)),
        }));
    }
    case "color":
      return h("span", { class: "field" }, label(key, control, device),
        h("input", {
          id: key, type: "color", value: control.value(get), dataset: { key },
          onchange: (event) => actions.control(device.node_id, control, event.target.value),
        }));
    case "select": {
      const chosen = control.value(get);
      return h("span", { class: "field" }, label(key, control, device),
        h("select", {
          id: key, dataset: { key },
          onchange: (event) => actions.control(device.node_id, control, Number(event.target.value)),
        }, control.options(get).map(([value, text]) =>
          h("option", { value: String(value), selected: value === chosen }, text))));
    }
    case "number": {
      const input = h("input", {
        id: key, type: "number", min: control.min, max: control.max, step: control.step, value: control.value(get),
        dataset: { key }, inputmode: "decimal",
      });
      return h("form", {
        class: "field",
        onsubmit: (event) => {
          event.preventDefault();
          actions.control(device.node_id, control, Number(input.value));
        },
      },
      label(key, control, device), input,
      h("button", { type: "submit", dataset: { key: `${key}-set` }, "aria-label": `Set ${control.name} of ${device.name}` },
        "Set"));
    }
    default:
      return null;
  }
}

/** A field's visible label, naming the device for assistive technology. */
function label(key, control, device) {
  return h("label", { for: key }, control.name, h("span", { class: "visually-hidden" }, ` of ${device.name}`));
}
