// Where a widget talks: the profiles it is active on (channels), an appointment's chat and the
// widget's bot conversations.
import type { HostContext } from 'platform-widget-sdk/events'

export interface Channel {
  provider_id: string
  placements: HostContext[]
  enabled_at: number
  updated_at: number
}

export interface ChatMessage {
  id: string
  conversation_id: number
  appointment_id: string
  app_key: string
  text: string
  sent_at: number
}

export interface BotConversation {
  id: string
  app_key: string
  user_id: string
  title: string
  created_at: number
}

export interface BotMessage {
  id: string
  conversation_id: string
  app_key: string
  user_id: string
  content: string
  sent_at: number
}
