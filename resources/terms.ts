/** Spec §2: the terms of use, version 14 March 2024, in 8 numbered sections. */
export const TERMS_VERSION = '14 March 2024';

export const TERMS_SECTIONS = [
  {
    id: 'introduction',
    title: 'Introduction',
    body: [
      'These terms of use govern your access to and use of the hotel supplier extranet (the portal), operated for the travel rewards brand. By signing in you agree to them on your own behalf and on behalf of the property you manage.',
      'We may change these terms. The version date above shows when they last changed; continuing to use the portal after a change means you accept it.',
    ],
  },
  {
    id: 'loading-information-onto-the-portal',
    title: 'Loading Information onto the portal',
    body: [
      'You are responsible for the accuracy of everything you load onto the portal, including property details, room types, rates, inventory, inclusions, promotions, images and contacts.',
      'You warrant that you have the right to publish the content you upload, and that it is not misleading, unlawful or infringing.',
    ],
  },
  {
    id: 'provision-of-products-and-services',
    title: 'Provision of Products and Services',
    body: [
      'Bookings made through the brand are contracts you must honour at the rates and with the inclusions shown at the time of booking.',
      'You must keep availability current and notify us promptly of anything that affects a guest’s stay.',
    ],
  },
  {
    id: 'privacy-and-intellectual-property-rights',
    title: 'Privacy and Intellectual Property Rights',
    anchors: ['privacy'],
    body: [
      'We handle personal information in the portal, including guests’ reservation details and your users’ contact details, under our privacy policy. You must use guest information only to fulfil their bookings.',
      'You grant us a licence to use the content you upload to market and sell your property. The portal and its software remain ours.',
    ],
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: [
      'The portal uses cookies that keep you signed in, protect forms from automated abuse and remember your preferences. It does not work without them.',
    ],
  },
  {
    id: 'availability-and-liability',
    title: 'Availability and Liability',
    body: [
      'We aim to keep the portal available at all times but do not guarantee it. To the extent the law allows, we are not liable for loss arising from unavailability or errors in the portal.',
    ],
  },
  {
    id: 'suspension-and-termination',
    title: 'Suspension and Termination',
    body: [
      'We may suspend or end your access if you breach these terms, if your property’s agreement ends, or to protect guests, the brand or the portal.',
    ],
  },
  {
    id: 'severance',
    title: 'Severance',
    body: ['If any part of these terms is found unenforceable, the rest continue to apply.'],
  },
] as const;
