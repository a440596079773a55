/** Support details shown to every user (spec §1). */
export const SUPPORT = {
  email: 'extranet.support@travel-rewards.example',
  phone: '1300 738 468',
  hours: '8:30am-5:30pm AEDT/AEST, Monday to Sunday',
} as const;

/** The footer's links (spec §1): contact, terms, privacy policy and the brand's two hotel sites. */
export const FOOTER_LINKS = [
  { label: 'Contact us', href: '/contact-us' },
  { label: 'Terms of use', href: '/terms' },
  { label: 'Privacy policy', href: '/terms#privacy-and-intellectual-property-rights' },
  { label: 'Rewards Hotels', href: 'https://hotels.travel-rewards.example', external: true },
  { label: 'Rewards Luxury Escapes', href: 'https://luxury.travel-rewards.example', external: true },
] as const;
