import type { SupportChannels } from '@fnodesk/contracts';
import type { ReactNode } from 'react';

function glyph(children: ReactNode): ReactNode {
  return (
    <svg viewBox="0 0 16 16" width="18" height="18" fill="currentColor" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

/** One configured channel with its name and glyph. */
export interface SocialChannel {
  id: 'whatsapp' | 'telegram' | 'youtube' | 'twitter' | 'blog';
  label: string;
  url: string;
  glyph: ReactNode;
}

const GLYPHS: Readonly<Record<SocialChannel['id'], ReactNode>> = {
  whatsapp: glyph(
    <path d="M8 1a7 7 0 0 0-6.06 10.5L1 15l3.6-.94A7 7 0 1 0 8 1m0 1.3a5.7 5.7 0 1 1-2.92 10.6l-.2-.12-2.13.56.57-2.08-.14-.22A5.7 5.7 0 0 1 8 2.3M5.6 4.7c-.13 0-.34.05-.52.25-.18.19-.68.66-.68 1.62s.7 1.88.8 2.01c.1.13 1.36 2.17 3.36 2.95 1.66.65 2 .52 2.36.49.36-.04 1.17-.48 1.33-.94.17-.46.17-.86.12-.94-.05-.08-.18-.13-.38-.23s-1.17-.58-1.35-.64c-.18-.07-.31-.1-.44.1-.13.19-.51.64-.62.77-.12.13-.23.15-.43.05-.2-.1-.84-.31-1.6-.99a6 6 0 0 1-1.1-1.37c-.12-.2 0-.3.08-.4.1-.09.2-.23.3-.35.1-.11.13-.2.2-.32.06-.13.03-.25-.02-.35-.05-.1-.43-1.08-.6-1.47-.15-.38-.31-.33-.43-.34z" />,
  ),
  telegram: glyph(
    <path d="M14.6 2.3 1.9 7.2c-.87.35-.86.83-.16 1.05l3.26 1.02 1.26 3.86c.15.42.08.59.52.59.34 0 .49-.16.68-.34l1.63-1.58 3.39 2.5c.62.35 1.07.17 1.23-.58l2.22-10.48c.23-.91-.34-1.33-.93-1.06M5.6 9.05l6.9-4.36c.34-.21.66-.1.4.13L7 9.06l-.23 2.5z" />,
  ),
  youtube: glyph(
    <path d="M15.67 4.5a2 2 0 0 0-1.41-1.42C13 2.75 8 2.75 8 2.75s-5 0-6.26.33A2 2 0 0 0 .33 4.5 21 21 0 0 0 0 8a21 21 0 0 0 .33 3.5 2 2 0 0 0 1.41 1.42c1.26.33 6.26.33 6.26.33s5 0 6.26-.33a2 2 0 0 0 1.41-1.42A21 21 0 0 0 16 8a21 21 0 0 0-.33-3.5M6.4 10.4V5.6L10.56 8z" />,
  ),
  twitter: glyph(
    <path d="M12.6.75h2.45L9.7 6.87 16 15.25h-4.93L7.2 10.18l-4.42 5.07H.32l5.72-6.55L0 .75h5.06l3.5 4.63zm-.86 13.03h1.36L4.32 2.15H2.86z" />,
  ),
  blog: glyph(
    <path d="M2 2.5A1.5 1.5 0 0 1 3.5 1h9A1.5 1.5 0 0 1 14 2.5v11a1.5 1.5 0 0 1-1.5 1.5h-9A1.5 1.5 0 0 1 2 13.5zM4 4v1h8V4zm0 3v1h8V7zm0 3v1h5v-1z" />,
  ),
};

/** The configured community channels, in the footer's order; unconfigured ones are left out. */
export function socialChannels(channels: SupportChannels | undefined): SocialChannel[] {
  if (channels === undefined) return [];
  const all: { id: SocialChannel['id']; label: string; url: string | null }[] = [
    { id: 'whatsapp', label: 'WhatsApp', url: channels.whatsappUrl },
    { id: 'telegram', label: 'Telegram', url: channels.telegramUrl },
    { id: 'youtube', label: 'YouTube', url: channels.youtubeUrl },
    { id: 'twitter', label: 'Twitter', url: channels.twitterUrl },
    { id: 'blog', label: 'Blog', url: channels.blogUrl },
  ];
  return all.flatMap((channel) =>
    channel.url === null ? [] : [{ id: channel.id, label: channel.label, url: channel.url, glyph: GLYPHS[channel.id] }],
  );
}
