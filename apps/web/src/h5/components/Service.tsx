import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { getSettings } from '../api/calls.ts';
import { useContent, useText } from '../i18n/i18n.ts';

/** The service as staff set it up (Settings > General); rarely changes, so asked for once a visit. */
export const useService = () =>
  useQuery({ queryKey: ['settings'], queryFn: getSettings, staleTime: Number.POSITIVE_INFINITY });

/**
 * The browser's title (WeChat shows it in its title bar, and on a shared link): the screen's title and the
 * service's name, in the page's language; the name alone on the shelf.
 */
export function useDocumentTitle(screen: string) {
  const t = useText();
  const text = useContent();
  const service = useService().data;
  const name = (service && text(service.serviceName)) || t('app.title');
  useEffect(() => {
    document.title = screen && screen !== name ? `${screen} - ${name}` : name;
  }, [screen, name]);
}

/** Below the shelf: the privacy policy, the hotline and the ICP licence, each when staff have set it. */
export function ServiceFooter() {
  const t = useText();
  const text = useContent();
  const service = useService().data;
  if (!service) return null;
  const hasPolicy = Boolean(text(service.privacyPolicy));
  if (!hasPolicy && !service.hotline && !service.icpLicence) return null;
  return (
    <footer className="h5-service">
      {hasPolicy && <Link to="/privacy">{t('service.privacy')}</Link>}
      {service.hotline && (
        <a href={`tel:${service.hotline.replace(/[^0-9+]/g, '')}`}>
          {t('service.hotline', { hotline: service.hotline })}
        </a>
      )}
      {service.icpLicence && <span>{service.icpLicence}</span>}
    </footer>
  );
}
