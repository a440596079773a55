import { expect, type Page } from '@playwright/test';
import { DEMO_API_KEY } from '../../../server/db/seed';
import { RESERVATION_DOCS } from '../../../resources/reservations/reservations.documents';

/** A rate plan of the property that sells a room type (`roomTypeId`, or any), read with the page's session. */
export async function sellingPlan(page: Page, propertyId: number, roomTypeId?: string) {
  const res = await page.request.post('/graphql', {
    data: {
      query: `query { ratePlans(input: { propertyId: ${propertyId} }) { nodes { id ... on RatePlan { roomTypeIds } } } }`,
    },
  });
  const nodes: { id: string; roomTypeIds?: string[] }[] = (await res.json()).data.ratePlans.nodes;
  const plan = nodes.find((p) => (roomTypeId ? p.roomTypeIds?.includes(roomTypeId) : p.roomTypeIds?.length))!;
  return { ratePlanId: plan.id, roomTypeId: roomTypeId ?? plan.roomTypeIds![0] };
}

type DemoBooking = {
  bookingRef: string;
  guest: string;
  roomTypeId: string;
  ratePlanId: string;
  checkIn: string;
  checkOut: string;
  total: string;
};

/** A new booking for property 1 in AUD by invoice, sent as the demo's booking system sends one; the answer's body, whatever it is. */
export async function postDemoBooking(page: Page, input: DemoBooking) {
  const { guest, ...rest } = input;
  const sent = await page.request.post('/graphql', {
    headers: { 'x-api-key': DEMO_API_KEY },
    data: {
      query: RESERVATION_DOCS.receive,
      variables: {
        input: {
          action: 'new',
          propertyId: 1,
          guest: { name: guest },
          adults: 2,
          currency: 'AUD',
          paymentMethod: 'invoice',
          ...rest,
        },
      },
    },
  });
  return (await sent.json()) as {
    data?: { receiveBooking: { hotelRef: string } };
    errors?: { extensions: { code: string } }[];
  };
}

/** As postDemoBooking, expecting the receipt. */
export async function sendDemoBooking(page: Page, input: DemoBooking) {
  const body = await postDemoBooking(page, input);
  expect(body.errors).toBeUndefined();
  return body.data!.receiveBooking;
}
