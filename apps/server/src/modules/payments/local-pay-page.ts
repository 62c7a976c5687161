import { nairaText } from '@/lib/naira.ts';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export type LocalPageState =
  /** Ready to pay (again, after a decline the buyer chose to retry). */
  | 'open'
  /** The declined card was just used: say so, offer Try again. */
  | 'declined'
  /** Already paid: nothing to do but go back to the order. */
  | 'paid';

export type LocalPage = {
  storeName: string;
  orderNumber: number;
  amountKobo: number;
  /** The form's target: this page. */
  action: string;
  /** Kept through the form so the buyer lands where the pay link said. */
  returnPath: string | null;
  /** This page without the declined notice. */
  retryUrl: string;
  /** The order page, for the paid state. */
  backUrl: string;
  state: LocalPageState;
};

// Inline CSS only, no script: the site's CSP allows inline styles and no inline scripts, and
// plain forms need none. Sized for a phone first; it centres on a wider screen.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:420px;margin:0 auto;padding:24px 16px}
.card{background:#fff;border-radius:16px;padding:24px 20px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
.badge{display:inline-block;font-size:12px;font-weight:600;letter-spacing:.04em;text-transform:uppercase;color:#92400e;background:#fef3c7;border-radius:999px;padding:4px 10px}
h1{font-size:18px;margin:16px 0 4px}
.order{color:#52525b;font-size:14px;margin:0}
.amount{font-size:36px;font-weight:700;margin:20px 0 24px;font-variant-numeric:tabular-nums}
form{margin:0}
button,.button{display:block;width:100%;min-height:48px;border-radius:12px;font-size:16px;font-weight:600;margin-top:12px;cursor:pointer;text-align:center;text-decoration:none;line-height:48px;padding:0 16px}
.pay{background:#15803d;color:#fff;border:0}
.decline{background:#fff;color:#b91c1c;border:1px solid #fca5a5}
.cancel{background:transparent;color:#52525b;border:0;text-decoration:underline}
.notice{border-radius:12px;padding:12px 14px;margin:0 0 8px;font-size:15px}
.notice.error{background:#fef2f2;color:#991b1b}
.notice.ok{background:#f0fdf4;color:#166534}
.hint{font-size:13px;color:#71717a;margin-top:20px}
`;

/** The local provider's checkout page: a test-mode card form with three outcomes. */
export function renderLocalPayPage(page: LocalPage): string {
  const amount = escapeHtml(nairaText(page.amountKobo));
  const hiddenReturn = page.returnPath
    ? `<input type="hidden" name="return" value="${escapeHtml(page.returnPath)}">`
    : '';
  const button = (outcome: string, cls: string, label: string) =>
    `<button type="submit" name="outcome" value="${outcome}" class="${cls}">${label}</button>`;
  let body: string;
  if (page.state === 'paid') {
    body = `<p class="notice ok" role="status">Payment received. Thank you!</p>
<a class="button pay" href="${escapeHtml(page.backUrl)}">Back to your order</a>`;
  } else if (page.state === 'declined') {
    body = `<p class="notice error" role="alert">Your card was declined. No money was taken and the order is still unpaid.</p>
<a class="button pay" href="${escapeHtml(page.retryUrl)}">Try again</a>`;
  } else {
    body = `<form method="post" action="${escapeHtml(page.action)}">${hiddenReturn}
${button('success', 'pay', 'Pay with test card')}
${button('declined', 'decline', 'Use a declined card')}
${button('abandoned', 'cancel', 'Cancel payment')}
</form>`;
  }
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Pay ${amount} to ${escapeHtml(page.storeName)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="card">
<span class="badge">Test mode</span>
<h1>${escapeHtml(page.storeName)}</h1>
<p class="order">Order KSW-${page.orderNumber}</p>
<p class="amount" aria-label="Amount to pay">${amount}</p>
${body}
</div>
<p class="hint">This is Kasuwa's local test checkout: no real card is charged and no money moves.</p>
</main>
</body>
</html>`;
}

/** A page for a pay link that cannot be opened (unknown reference, the provider unreachable). */
export function renderPayProblemPage(title: string, message: string, retryUrl: string | null): string {
  const retry = retryUrl ? `<a class="button pay" href="${escapeHtml(retryUrl)}">Try again</a>` : '';
  return `<!doctype html>
<html lang="en-NG">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main><div class="card"><h1>${escapeHtml(title)}</h1><p class="notice error" role="alert">${escapeHtml(message)}</p>${retry}</div></main>
</body>
</html>`;
}
