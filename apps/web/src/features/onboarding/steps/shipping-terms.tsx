import { PRODUCT_NAME, SUPPORT_EMAIL } from '@kasuwa/contracts';

/** The shipping and returns terms a seller accepts on the shipping step, in plain words. */
export function ShippingTerms() {
  return (
    <div className="flex flex-col gap-3 text-ink text-sm leading-relaxed">
      <p>
        These terms apply to every order you accept on {PRODUCT_NAME}. By accepting them you agree to the
        following.
      </p>
      <ol className="flex list-decimal flex-col gap-2 pl-5">
        <li>
          <strong>Dispatch on time.</strong> Pack and hand over each paid order, or make it ready for pickup,
          within 2 working days. If you cannot, cancel it at once so the buyer is refunded.
        </li>
        <li>
          <strong>Describe items truthfully.</strong> What the buyer receives must match the listing: the same
          item, size, colour, quantity and condition. Photos must be of the item you sell.
        </li>
        <li>
          <strong>Pack safely.</strong> Use packaging that protects the item in transit. Fragile items must be
          marked fragile.
        </li>
        <li>
          <strong>Keep proof.</strong> Keep the waybill, receipt or pickup confirmation of each order for 60
          days; we may ask for it if a buyer reports a problem.
        </li>
        <li>
          <strong>Returns.</strong> Under the {PRODUCT_NAME} policy, a buyer may return an item within 7 days
          of delivery if it arrived damaged or differs from the listing; you bear the return delivery cost.
          Under a custom policy, you also accept returns for any reason within the window you chose (7, 14 or
          30 days), for items unused and in their original packaging; the buyer bears the return delivery cost
          unless the item was damaged or not as described.
        </li>
        <li>
          <strong>Refunds.</strong> Once a returned item reaches you in the expected condition, the buyer is
          refunded in full within 3 working days. Disputes are decided by the {PRODUCT_NAME} support team.
        </li>
        <li>
          <strong>Store pickup.</strong> If you offer pickup, keep the item ready at the address you gave
          during your opening hours, and check the buyer's order code before handing it over.
        </li>
        <li>
          <strong>Breaches.</strong> Repeated late dispatch, misdescribed items or refused valid returns can
          lead to your listings being paused or your account being suspended.
        </li>
      </ol>
      <p>
        Questions about these terms:{' '}
        <a className="font-semibold text-brand-700 underline" href={`mailto:${SUPPORT_EMAIL}`}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </div>
  );
}
