import { currentLocale, type NotificationKind } from '@swapyard/contract';
import type { Mail } from '../../mail/mailer.ts';
import { MAIL_TEXT } from './mail-texts.ts';

/**
 * Every notification mail, in one place (docs/decisions/021): one set of words rendered twice, as
 * plain text and as HTML. Titles and bodies carry what members wrote (names, listing titles,
 * messages), so the HTML escapes every value it is given; the links are ours. The words come from
 * MAIL_TEXT, in the language texts read in while the mail is rendered.
 */

export interface NotificationMail extends MailFrame {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The exact page the notice is about. */
  url: string;
}

export function renderNotificationMail(mail: NotificationMail): Mail {
  const t = MAIL_TEXT.notification;
  const kind = MAIL_TEXT.kinds[mail.kind];
  const footer = { because: t.because({ kind, community: mail.community }), stop: t.stop({ kind }) };
  const text = [mail.title, '', mail.body, '', t.openIn({ community: mail.community }), mail.url].join('\n');
  const e = escapeHtml;
  const html = `<h1 style="margin:0 0 12px;font-size:20px">${e(mail.title)}</h1>
<p style="margin:0 0 24px;font-size:16px;line-height:1.5;white-space:pre-line">${e(mail.body)}</p>
<p style="margin:0 0 24px">${button(mail.url, t.open({ community: mail.community }))}</p>`;
  return compose(mail, `${mail.title} · ${mail.community}`, { text, html }, footer);
}

export interface WeeklySummaryMail extends MailFrame {
  /** The newest unread notices and how many there are in all. */
  notices: { entries: { title: string; body: string }[]; total: number; url: string };
  /** The newest new listings and how many there are in all. */
  listings: { entries: { title: string; value: number; location: string; url: string }[]; total: number; url: string };
}

/** A few of each, newest first, with the count of the rest; a part with nothing in it is left out. */
export function renderWeeklySummaryMail(mail: WeeklySummaryMail): Mail {
  const t = MAIL_TEXT.weeklySummary;
  const e = escapeHtml;
  const more = (part: { entries: unknown[]; total: number }) => part.total - part.entries.length;
  const sections = [
    mail.notices.total > 0 && {
      heading: t.notices({ total: mail.notices.total }),
      lines: mail.notices.entries.map((notice) => ({ text: `- ${notice.title}: ${notice.body}`, html: `<strong>${e(notice.title)}</strong><br>${e(notice.body)}` })),
      more: more(mail.notices),
      url: mail.notices.url,
      action: t.openNotifications,
    },
    mail.listings.total > 0 && {
      heading: t.listings({ total: mail.listings.total }),
      lines: mail.listings.entries.map((listing) => {
        const details = `${t.points({ value: listing.value })} · ${listing.location}`;
        return { text: `- ${listing.title} (${details}) ${listing.url}`, html: `<a href="${e(listing.url)}" style="color:#047857;font-weight:600">${e(listing.title)}</a><br>${e(details)}` };
      }),
      more: more(mail.listings),
      url: mail.listings.url,
      action: t.openMarketplace,
    },
  ].filter((section) => section !== false);
  const text = [
    t.heading,
    ...sections.flatMap((section) => [
      '',
      section.heading,
      ...section.lines.map((line) => line.text),
      ...(section.more > 0 ? [t.more({ count: section.more })] : []),
      `${section.action}: ${section.url}`,
    ]),
  ].join('\n');
  const html = `<h1 style="margin:0 0 12px;font-size:20px">${e(t.heading)}</h1>
${sections
  .map(
    (section) => `<h2 style="margin:0 0 8px;font-size:16px">${e(section.heading)}</h2>
<ul style="margin:0 0 12px;padding-left:20px;font-size:15px;line-height:1.5">
${section.lines.map((line) => `<li style="margin:0 0 8px">${line.html}</li>`).join('\n')}
</ul>
${section.more > 0 ? `<p style="margin:0 0 12px;font-size:14px;color:#57534e">${e(t.more({ count: section.more }))}</p>\n` : ''}<p style="margin:0 0 24px">${button(section.url, section.action)}</p>`,
  )
  .join('\n')}`;
  return compose(mail, t.subject({ community: mail.community }), { text, html }, { because: t.because({ community: mail.community }), stop: t.stop });
}

/** What every notification mail carries besides its content. */
interface MailFrame {
  to: string;
  community: string;
  preferencesUrl: string;
  /** RFC 8058's one-click address, for the header: mail programs POST to it. */
  unsubscribeUrl: string;
  /** The page a member opens from the footer: it asks before it changes anything, as a GET must not. */
  unsubscribePageUrl: string;
}

function button(url: string, label: string): string {
  return `<a href="${escapeHtml(url)}" style="display:inline-block;background:#047857;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-weight:600">${escapeHtml(label)}</a>`;
}

/** The community's name above the content, the footer below it, and the one-click unsubscribe headers. */
function compose(frame: MailFrame, subject: string, content: { text: string; html: string }, footer: { because: string; stop: string }): Mail {
  const e = escapeHtml;
  const text = [content.text, '', '--', footer.because, `${MAIL_TEXT.footer.preferences}: ${frame.preferencesUrl}`, `${footer.stop}: ${frame.unsubscribePageUrl}`].join('\n');
  const html = `<!doctype html>
<html lang="${currentLocale()}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f4;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1c1917">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="margin:0 0 16px;font-size:14px;color:#047857;font-weight:600">${e(frame.community)}</p>
${content.html}
<hr style="border:none;border-top:1px solid #e7e5e4;margin:0 0 16px">
<p style="margin:0;font-size:13px;line-height:1.5;color:#57534e">${e(footer.because)}<br>
<a href="${e(frame.preferencesUrl)}" style="color:#57534e">${e(MAIL_TEXT.footer.preferences)}</a> &middot; <a href="${e(frame.unsubscribePageUrl)}" style="color:#57534e">${e(footer.stop)}</a></p>
</div>
</body>
</html>
`;
  return {
    to: frame.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${frame.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}
