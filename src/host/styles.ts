/** Dialog styles, applied inside the host's shadow root so panel CSS neither leaks in nor out. */
export const DIALOG_CSS = `
:host { all: initial; }
dialog {
  font: 15px/1.6 system-ui, "Vazirmatn", "Noto Sans Arabic", "Segoe UI", sans-serif;
  color: #1b2430; background: #fff; border: 0; border-radius: 14px; padding: 0;
  width: min(440px, calc(100vw - 32px)); box-shadow: 0 24px 60px rgba(15, 30, 60, .28);
  max-height: calc(100dvh - 32px); overflow-y: auto; overscroll-behavior: contain;
}
dialog::backdrop { background: rgba(20, 30, 45, .45); }
.head { display: flex; align-items: center; gap: 12px; padding: 18px 20px 6px; }
h2 { flex: 1; margin: 0; font-size: 17px; font-weight: 650; outline: none; }
.x { border: 0; background: transparent; font-size: 22px; line-height: 1; width: 44px; height: 44px;
  margin-inline-end: -8px; border-radius: 8px; color: #5b6675; cursor: pointer; flex: none; }
.body { padding: 6px 20px 4px; }
.body p { margin: 0 0 10px; color: #3b4654; }
ul { margin: 0 0 8px; padding-inline-start: 20px; }
li { margin: 4px 0; }
table { width: 100%; border-collapse: collapse; margin: 4px 0 10px; }
th { text-align: start; font-weight: 500; color: #5b6675; padding: 6px 0; }
td { text-align: end; padding: 6px 0; font-variant-numeric: tabular-nums; white-space: nowrap; }
tr.total th, tr.total td { font-weight: 700; color: #1b2430; border-top: 1px solid #e3e8ef; }
fieldset { border: 0; margin: 0 0 8px; padding: 0; }
legend { font-weight: 600; margin-bottom: 6px; }
label.opt { display: flex; gap: 10px; align-items: center; min-height: 44px; padding: 9px 12px; border: 1px solid #dfe5ec;
  border-radius: 10px; margin-bottom: 8px; cursor: pointer; }
label.opt:has(input:checked) { border-color: #0a6cff; background: #f0f6ff; }
label.opt span.price { margin-inline-start: auto; color: #3b4654; font-variant-numeric: tabular-nums; }
input[type=number] { font: inherit; width: 9em; min-height: 44px; padding: 4px 8px; border: 1px solid #c5cfdb; border-radius: 8px; }
input[aria-invalid=true] { border-color: #c62828; }
.err { color: #c62828; margin: 4px 0 0; font-size: 14px; }
.err:empty { display: none; }
/* Sticky: on a short screen the body scrolls and the buttons stay in reach. */
.foot { display: flex; flex-wrap: wrap; gap: 10px; justify-content: flex-end; padding: 12px 20px 18px;
  position: sticky; bottom: 0; background: inherit; }
/* 44×44 CSS px at least: a touch target (WCAG 2.5.5). */
button.btn { font: inherit; min-height: 44px; min-width: 44px; border-radius: 10px; padding: 8px 18px; cursor: pointer; border: 1px solid #c5cfdb;
  background: #fff; color: #1b2430; }
button.primary { background: #0a6cff; border-color: #0a6cff; color: #fff; font-weight: 600; }
button:disabled { opacity: .6; cursor: progress; }
button:focus-visible, input:focus-visible { outline: 3px solid #8fb8ff; outline-offset: 2px; }
`
