// Site-wide constants that are not routes.
import type { IconName } from '@/components/ui/Icon';

export const SITE_NAME = 'Synergy Marketplace';

/** The three social links of the footer (SPEC §2). */
export const SOCIAL_LINKS: { name: string; href: string; icon: IconName }[] = [
  { name: 'LinkedIn', href: 'https://www.linkedin.com/', icon: 'linkedin' },
  { name: 'Instagram', href: 'https://www.instagram.com/', icon: 'instagram' },
  { name: 'YouTube', href: 'https://www.youtube.com/', icon: 'youtube' },
];
