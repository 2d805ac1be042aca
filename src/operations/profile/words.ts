import type { Locale } from '../../events/index.js'

const en = {
  profileAddTitle: 'Add to your profile',
  profileAddBody: (name: string) => `${name} will show on your public profile.`,
  profileAddButton: 'Add',
  profileRemoveTitle: 'Remove from your profile',
  profileRemoveBody: (name: string) => `${name} will no longer show on your public profile.`,
  profileRemoveButton: 'Remove',
}

/**
 * The profile dialog's own words, in both locales (`fa` has the keys of `en`, checked by the type);
 * the words several dialogs share are the host kit's (`strings`).
 */
export const words: Record<Locale, typeof en> = {
  en,
  fa: {
    profileAddTitle: 'افزودن به پروفایل شما',
    profileAddBody: (name: string) => `«${name}» در پروفایل عمومی شما نمایش داده می‌شود.`,
    profileAddButton: 'افزودن',
    profileRemoveTitle: 'برداشتن از پروفایل شما',
    profileRemoveBody: (name: string) => `«${name}» دیگر در پروفایل عمومی شما نمایش داده نمی‌شود.`,
    profileRemoveButton: 'برداشتن',
  },
}
