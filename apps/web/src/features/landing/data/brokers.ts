/** A broker shown in the landing page's carousel: its name, a short mark and the mark's colour. */
export interface CarouselBroker {
  name: string;
  mark: string;
  color: string;
}

/** Brokers QuikTrade trades through (spec §2 broker-login tiles); XTS stands for the 200+ brokers on Symphony XTS. */
export const CAROUSEL_BROKERS: readonly CarouselBroker[] = [
  { name: 'Zerodha', mark: 'Z', color: '#387ed1' },
  { name: 'Upstox', mark: 'U', color: '#5a298b' },
  { name: 'Angel One', mark: 'A1', color: '#1c4bb6' },
  { name: 'Dhan', mark: 'D', color: '#0b8a6f' },
  { name: 'Fyers', mark: 'F', color: '#0d47a1' },
  { name: '5Paisa', mark: '5P', color: '#d9272e' },
  { name: 'Aliceblue', mark: 'AB', color: '#0a6ebd' },
  { name: 'Kotak Neo', mark: 'KN', color: '#c8102e' },
  { name: 'Shoonya', mark: 'S', color: '#e35d26' },
  { name: 'FlatTrade', mark: 'FT', color: '#1f8a3c' },
  { name: 'Firstock', mark: 'FS', color: '#6b3fa0' },
  { name: 'ICICI Direct', mark: 'iD', color: '#b02a30' },
  { name: 'Jainam', mark: 'J', color: '#0f5c8c' },
  { name: 'Symphony XTS brokers', mark: 'XTS', color: '#37474f' },
];
