// The page's entry: mounts the widget into #app.
import { mountWidget } from './widget'

const root = document.querySelector<HTMLElement>('#app')
if (root) void mountWidget(root)
