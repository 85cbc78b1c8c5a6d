// Small DOM helpers. Text goes in as text, never as HTML: names come from users of the hub.

/**
 * Makes an element: h("button", {class: "x", type: "button", onclick: f, dataset: {key: "k"}}, "text", child).
 * Props starting with "on" become listeners, `class` the class name, `dataset` data attributes, booleans present or
 * absent attributes, anything else an attribute.
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (name === "class") element.className = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name === "value") element.value = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/**
 * Replaces `container`'s children, keeping the keyboard focus on the control with the same data-key (and the
 * caret in a text field), so that a live update never throws a keyboard user out of what they were doing.
 */
export function replaceKeepingFocus(container, ...children) {
  const active = document.activeElement;
  const key = container.contains(active) ? active?.dataset?.key : undefined;
  const selection = key && typeof active.selectionStart === "number" ? [active.selectionStart, active.selectionEnd]
    : null;
  const typed = key && (active.tagName === "INPUT" || active.tagName === "TEXTAREA") && active.type !== "range"
    ? active.value : null;
  container.replaceChildren(...children.flat().filter((child) => child));
  if (!key) return;
  const again = container.querySelector(`[data-key="${CSS.escape(key)}"]`);
  if (!again) return;
  if (typed !== null) again.value = typed;
  again.focus({ preventScroll: true });
  if (selection) {
    try {
      again.setSelectionRange(...selection);
    } catch {
      // Number fields have no selection.
    }
  }
}

/** "08:00:01" for a date, in the viewer's time zone. */
export function clock(date) {
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hour12: false });
}
