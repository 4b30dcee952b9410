import type { NotificationKind } from '@swapyard/contract';
import type { Mail } from '../../mail/mailer.ts';

/**
 * Every notification mail, in one place (docs/decisions/021): one set of words rendered twice, as
 * plain text and as HTML. Titles and bodies carry what members wrote (names, listing titles,
 * messages), so the HTML escapes every value it is given; the links are ours.
 */

const KIND_NAMES: Record<NotificationKind, string> = {
  proposals: 'proposals',
  messages: 'messages',
  ratings: 'ratings',
  community: 'community notices',
};

export interface NotificationMail {
  to: string;
  community: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** The exact page the notice is about. */
  url: string;
  preferencesUrl: string;
  /** RFC 8058's one-click address, for the header: mail programs POST to it. */
  unsubscribeUrl: string;
  /** The page a member opens from the footer: it asks before it changes anything, as a GET must not. */
  unsubscribePageUrl: string;
}

export function renderNotificationMail(mail: NotificationMail): Mail {
  const kindName = KIND_NAMES[mail.kind];
  const footer = `You get this mail because email about ${kindName} is on for your ${mail.community} account.`;
  const text = [
    mail.title,
    '',
    mail.body,
    '',
    `Open it in ${mail.community}:`,
    mail.url,
    '',
    '--',
    footer,
    `Choose which mail you get: ${mail.preferencesUrl}`,
    `Stop email about ${kindName}: ${mail.unsubscribePageUrl}`,
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(mail.title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;color:#047857;font-weight:600">${e(mail.community)}</p>
<h1 style="margin:0 0 12px;font-size:20px">${e(mail.title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;white-space:pre-line">${e(mail.body)}</p>
<p style="margin:0 0 24px"><a href="${e(mail.url)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:600">Open in ${e(mail.community)}</a></p>
<hr style="border:none;border-top:1px solid #e7e5e4;margin:0 0 16px">
<p style="margin:0;font-size:13px;line-height:1.5;color:#57534e">${e(footer)}<br>
<a href="${e(mail.preferencesUrl)}" style="color:#57534e">Choose which mail you get</a> &middot; <a href="${e(mail.unsubscribePageUrl)}" style="color:#57534e">Stop email about ${e(kindName)}</a></p>
</div>
</body>
</html>
`;
  return {
    to: mail.to,
    subject: `${mail.title} · ${mail.community}`,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
