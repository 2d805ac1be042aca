/**
 * Dialog styles, applied inside the host's shadow root so panel CSS neither leaks in nor out.
 * Colours, radius and font are custom properties on the shadow host: the defaults here, a light
 * and a dark set, and the panel's theme over them (`theme.ts`). Muted text and borders are mixed
 * from text and surface, so a theme needs only the few tokens it sets.
 */
export const DIALOG_CSS = `
:host { all: initial;
  --platform-accent: #0a6cff; --platform-accent-text: #fff; --platform-surface: #fff;
  --platform-text: #1b2430; --platform-danger: #c62828; --platform-scheme: light;
  --platform-radius: 14px;
  --platform-font: system-ui, "Vazirmatn", "Noto Sans Arabic", "Segoe UI", sans-serif; }
@media (prefers-color-scheme: dark) { :host(:not([data-color-scheme=light])) {
  --platform-accent: #7fb0ff; --platform-accent-text: #0b1220; --platform-surface: #1c232d;
  --platform-text: #e6ebf2; --platform-danger: #ff8a80; --platform-scheme: dark; } }
:host([data-color-scheme=dark]) {
  --platform-accent: #7fb0ff; --platform-accent-text: #0b1220; --platform-surface: #1c232d;
  --platform-text: #e6ebf2; --platform-danger: #ff8a80; --platform-scheme: dark; }
dialog {
  --muted: color-mix(in srgb, var(--platform-text) 74%, var(--platform-surface));
  --line: color-mix(in srgb, var(--platform-text) 16%, var(--platform-surface));
  --field: color-mix(in srgb, var(--platform-text) 28%, var(--platform-surface));
  --small-radius: calc(var(--platform-radius) * .72);
  font: 15px/1.6 var(--platform-font); color-scheme: var(--platform-scheme);
  color: var(--platform-text); background: var(--platform-surface); border: 0;
  border-radius: var(--platform-radius); padding: 0;
  width: min(440px, calc(100vw - 32px)); box-shadow: 0 24px 60px rgba(15, 30, 60, .28);
  max-height: calc(100dvh - 32px); overflow-y: auto; overscroll-behavior: contain;
  overflow-wrap: anywhere;
}
/* Widget-supplied text is isolated, so bidi controls or a right-to-left name cannot reorder the
   host's words around it, and long words wrap instead of pushing prices out of the dialog. */
bdi { unicode-bidi: isolate; overflow-wrap: anywhere; white-space: normal; }
/* Host-drawn attribution: which registered widget asks, and on which origin. */
.from { margin: 0; padding: 10px 20px; font-size: 13px; color: var(--muted);
  border-bottom: 1px solid var(--line); border-radius: var(--platform-radius) var(--platform-radius) 0 0;
  background: color-mix(in srgb, var(--platform-text) 5%, var(--platform-surface)); }
.from bdi:first-of-type { font-weight: 650; color: var(--platform-text); }
.wait { flex-basis: 100%; margin: 0; font-size: 13px; color: var(--muted); text-align: end; }
.wait[hidden] { display: none; }
[data-failed] .wait { display: none; }
dialog::backdrop { background: rgba(20, 30, 45, .45); }
@media (prefers-color-scheme: dark) { :host(:not([data-color-scheme=light])) dialog::backdrop {
  background: rgba(0, 0, 0, .6); } }
:host([data-color-scheme=dark]) dialog::backdrop { background: rgba(0, 0, 0, .6); }
/* A short fade in; none for users who ask for less motion. */
@keyframes platform-in { from { opacity: 0; transform: translateY(8px) scale(.98); } }
@keyframes platform-fade { from { opacity: 0; } }
dialog[open] { animation: platform-in .16s ease-out; }
dialog[open]::backdrop { animation: platform-fade .16s ease-out; }
@media (prefers-reduced-motion: reduce) {
  dialog[open], dialog[open]::backdrop { animation: none; }
}
.head { display: flex; align-items: center; gap: 12px; padding: 18px 20px 6px; }
h2 { flex: 1; margin: 0; font-size: 17px; font-weight: 650; outline: none; }
.x { border: 0; background: transparent; font-size: 22px; line-height: 1; width: 44px; height: 44px;
  margin-inline-end: -8px; border-radius: var(--small-radius); color: var(--muted); cursor: pointer; flex: none; }
.body { padding: 6px 20px 4px; }
.body p { margin: 0 0 10px; }
/* openLink: the registrable domain large, the host and the whole URL below it, smaller. */
.site { font-weight: 700; font-size: 1.2em; }
dl.link { margin: 0 0 10px; font-size: 13px; }
dl.link dt { color: var(--muted); margin-top: 6px; }
dl.link dd { margin: 0; }
.url { font-family: ui-monospace, Menlo, Consolas, monospace; color: var(--muted); }
.note { font-size: 13px; color: var(--muted); }
ul { margin: 0 0 8px; padding-inline-start: 20px; }
li { margin: 4px 0; }
table { width: 100%; border-collapse: collapse; margin: 4px 0 10px; }
th { text-align: start; font-weight: 500; color: var(--muted); padding: 6px 0; }
td { text-align: end; padding: 6px 0; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.total th, tr.total td { font-weight: 700; color: var(--platform-text); border-top: 1px solid var(--line); }
fieldset { border: 0; margin: 0 0 8px; padding: 0; }
legend { font-weight: 600; margin-bottom: 6px; }
label.opt { display: flex; gap: 10px; align-items: center; min-height: 44px; padding: 9px 12px; border: 1px solid var(--line);
  border-radius: var(--small-radius); margin-bottom: 8px; cursor: pointer; }
label.opt:has(input:checked) { border-color: var(--platform-accent);
  background: color-mix(in srgb, var(--platform-accent) 8%, var(--platform-surface)); }
label.opt span.price { margin-inline-start: auto; font-variant-numeric: tabular-nums; }
fieldset.test-outcomes { display: grid; grid-template-columns: repeat(auto-fit, minmax(11em, 1fr)); column-gap: 8px;
  border: 1px dashed var(--line); border-radius: var(--small-radius); padding: 8px 10px 0; }
fieldset.test-outcomes legend { padding: 0 4px; font-size: .9em; }
input { accent-color: var(--platform-accent); }
input[type=number] { font: inherit; width: 9em; min-height: 44px; padding: 4px 8px; border: 1px solid var(--field);
  border-radius: calc(var(--platform-radius) * .57); color: inherit; background: var(--platform-surface); }
input[aria-invalid=true] { border-color: var(--platform-danger); }
.err { color: var(--platform-danger); margin: 4px 0 0; font-size: 14px; }
.err:empty { display: none; }
/* Sticky: on a short screen the body scrolls and the buttons stay in reach. */
.foot { display: flex; flex-wrap: wrap; gap: 10px; justify-content: flex-end; padding: 12px 20px 18px;
  position: sticky; bottom: 0; background: inherit; }
/* 44×44 CSS px at least: a touch target (WCAG 2.5.5). */
button.btn { font: inherit; min-height: 44px; min-width: 44px; padding: 8px 18px; cursor: pointer; border: 1px solid var(--field);
  border-radius: var(--small-radius); background: var(--platform-surface); color: var(--platform-text); }
button.primary { background: var(--platform-accent); border-color: var(--platform-accent);
  color: var(--platform-accent-text); font-weight: 600; }
button:disabled { opacity: .6; cursor: progress; }
button[aria-disabled=true] { opacity: .6; cursor: not-allowed; }
button:focus-visible, input:focus-visible { outline: 3px solid var(--platform-accent); outline-offset: 2px; }
`
