import type { BreadcrumbList, FAQPage, Organization, WithContext } from 'schema-dts';
import { COMPANY } from '@upskill/domain/common';
import { siteUrl } from './headTags';

/** The company as schema.org sees it: the home page's subject and every course's provider. */
export function organization(): Exclude<Organization, string> {
  return {
    '@type': 'Organization',
    '@id': siteUrl('/#organization'),
    name: COMPANY.name,
    url: siteUrl('/'),
    logo: siteUrl('/images/share/logo.png'),
    email: COMPANY.email,
    foundingDate: String(COMPANY.founded),
    address: COMPANY.offices.map((office) => ({
      '@type': 'PostalAddress',
      streetAddress: office.street,
      addressLocality: office.city,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: office.countryCode,
    })),
    contactPoint: COMPANY.phones.map((phone) => ({
      '@type': 'ContactPoint',
      telephone: phone.href.replace('tel:', ''),
      contactType: 'customer support',
      areaServed: phone.label === 'India' ? 'IN' : 'US',
      availableLanguage: 'English',
    })),
    sameAs: COMPANY.social.map((profile) => profile.href),
  };
}

export function organizationData(): WithContext<Organization> {
  return { '@context': 'https://schema.org', ...organization() };
}

/** The trail from the home page to this one; the last item is the page itself. */
export function breadcrumbs(trail: readonly { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({ '@type': 'ListItem', position: index + 1, name: step.name, item: siteUrl(step.path) })),
  };
}

export function faqPage(items: readonly { question: string; answer: string }[]): WithContext<FAQPage> {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}
