import type { Platform } from './api.js'

/**
 * Types for the script tag's global. Reference them once in a widget that loads the SDK with
 * `<script>`: `/// <reference types="platform-widget-sdk/global" />`.
 */
declare global {
  interface Window {
    platform: Platform
  }
}
