import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { createElement as h, type ReactNode } from 'react';

/** Where a mail comes from: the product's name and its public origin (every link is absolute). */
export type MailSite = { name: string; origin: string };

// The product's colours and type (apps/web's tokens), inline: mail clients ignore style sheets.
const colors = { text: '#1f2933', muted: '#616e7c', accent: '#4f46e5', line: '#e4e7eb', page: '#f5f7fa' };
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const mailStyles = {
  text: { color: colors.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: colors.muted, fontSize: '14px', lineHeight: '20px', margin: '0 0 12px' },
  quote: {
    color: colors.text,
    fontSize: '15px',
    lineHeight: '22px',
    margin: '0 0 16px',
    padding: '8px 12px',
    borderLeft: `3px solid ${colors.line}`,
  },
  button: {
    backgroundColor: colors.accent,
    borderRadius: '6px',
    color: '#ffffff',
    display: 'inline-block',
    fontSize: '16px',
    fontWeight: 600,
    padding: '12px 20px',
    textDecoration: 'none',
  },
  link: { color: colors.accent, wordBreak: 'break-all' as const },
};

/** The mail's one call to action: a button, set apart from the text around it. */
export const mailButton = (key: string, href: string, label: string) =>
  h(Section, { key, style: { margin: '8px 0 24px' } }, h(Button, { href, style: mailStyles.button }, label));

/** The button's link written out, for clients that show no buttons or a reader who copies it. */
export const spelledOutLink = (href: string) =>
  h(
    Text,
    { key: 'link', style: mailStyles.muted },
    'Or open this link: ',
    h(Link, { href, style: mailStyles.link }, href),
  );

type LayoutProps = {
  site: MailSite;
  /** The line mail clients show beside the subject. */
  preview: string;
  /** Optional mail: where the reader turns it off (also the List-Unsubscribe header). */
  unsubscribeUrl?: string;
  /** Why the reader gets this mail, said in the footer. */
  reason: string;
  children?: ReactNode;
};

/** The one layout of every mail: the product's name, the message, and why it was sent. */
export function MailLayout({ site, preview, unsubscribeUrl, reason, children }: LayoutProps) {
  return h(
    Html,
    { lang: 'en' },
    h(Head),
    h(Preview, null, preview),
    h(
      Body,
      { style: { backgroundColor: colors.page, fontFamily: font, margin: 0, padding: '24px 0' } },
      h(
        Container,
        {
          style: {
            backgroundColor: '#ffffff',
            border: `1px solid ${colors.line}`,
            borderRadius: '8px',
            maxWidth: '560px',
            padding: '32px',
          },
        },
        h(
          Text,
          { style: { ...mailStyles.text, fontSize: '18px', fontWeight: 700, margin: '0 0 24px' } },
          h(Link, { href: site.origin, style: { color: colors.text, textDecoration: 'none' } }, site.name),
        ),
        children,
        h(Hr, { style: { borderColor: colors.line, margin: '24px 0 16px' } }),
        h(Text, { style: mailStyles.muted }, reason),
        unsubscribeUrl &&
          h(
            Text,
            { style: mailStyles.muted },
            h(
              Link,
              { href: unsubscribeUrl, style: mailStyles.link },
              'Unsubscribe or choose which mail you get',
            ),
          ),
      ),
    ),
  );
}
