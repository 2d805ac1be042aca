// The panel shows the widget where it is registered.
import type { Check } from '../observation.js'

export const shown: Check = ({ framed, target, platform }) =>
  framed
    ? []
    : [
        {
          check: 'panel.not-shown',
          severity: 'error',
          title: `The panel did not show the widget in ${target.label}`,
          seen: 'The doctor or patient does not find the widget there.',
          fix: `Check that the platform at ${platform} runs with this config (a platform already running there with another config is used as it is), and that the registration declares ${target.context}.`,
        },
      ]
