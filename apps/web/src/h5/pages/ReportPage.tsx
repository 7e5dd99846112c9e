import type { BandColour } from '@cool/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useNavigate, useParams } from 'react-router';
import { getRecord } from '../api/calls.ts';
import { Page } from '../components/Page.tsx';
import { PayPanel } from '../components/PayPanel.tsx';
import { useService } from '../components/Service.tsx';
import { LoadError, Loading } from '../components/States.tsx';
import { contentLanguage, useContent, useLanguage, useText } from '../i18n/i18n.ts';
import { type BandView, reportView } from '../reportView.ts';

/** The hotline in the alert box; `tel:` so a tap dials it. */
const HOTLINE = 'tel:4001619995';

/** The band as a bar; its label is the text beside it, so the bar itself is not read out. */
function BandBar({ band }: { band: BandView }) {
  return (
    <div className="h5-band-bar" aria-hidden="true">
      <div className={`h5-band-fill h5-colour-${band.colour}`} style={{ width: `${band.percent}%` }} />
    </div>
  );
}

const BandTag = ({ colour, children }: { colour: BandColour; children: string }) => (
  <span className={`h5-band-tag h5-colour-${colour}`}>{children}</span>
);

/**
 * A record's report: alerts first (with the crisis text and hotline when a raised alert's rule asks for it),
 * then the overall band, dimensions and type; or why not yet.
 */
export default function ReportPage() {
  const t = useText();
  const text = useContent();
  const language = useLanguage();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const record = useQuery({ queryKey: ['record', id], queryFn: () => getRecord(id) });
  const service = useService().data;

  if (record.isPending || record.isError)
    return (
      <Page title={t('report.title')} back="/records">
        {record.isPending ? (
          <Loading />
        ) : (
          <LoadError error={record.error} retry={() => void record.refetch()} />
        )}
      </Page>
    );

  const { data } = record;
  if (!data.report)
    return (
      <Page title={text(data.title)} back="/records">
        <div className="h5-centre h5-stack">
          <p>{t('report.inProgress')}</p>
          <Button color="primary" onClick={() => navigate(`/records/${id}/answer`, { replace: true })}>
            {t('report.continue')}
          </Button>
        </div>
      </Page>
    );

  const view = reportView(data.report, contentLanguage(language));
  return (
    <Page title={t('report.title')} back="/records">
      <article className="h5-report">
        <h1 className="h5-intro-title">{text(data.title)}</h1>
        {view.alerts.length > 0 && (
          <section className="h5-alerts" role="alert" aria-label={t('report.alerts')}>
            <h2>{t('report.alerts')}</h2>
            {view.alerts.some((alert) => alert.crisis) && (
              <>
                <p className="h5-hotline">{t('report.hotline')}</p>
                <a className="h5-hotline-call" href={HOTLINE}>
                  {t('report.hotlineCall')}
                </a>
              </>
            )}
            <ul>
              {view.alerts.map((alert) => (
                <li key={alert.key} className={`h5-alert h5-alert-${alert.severity}`}>
                  {alert.message}
                </li>
              ))}
            </ul>
          </section>
        )}

        {view.locked ? (
          <section className="h5-section h5-locked">
            <h2>{t('report.locked')}</h2>
            <p>{t('report.lockedBody')}</p>
            <ul className="h5-preview">
              {view.preview.dimensions.map((name) => (
                <li key={name}>{name}</li>
              ))}
              {view.preview.hasType && <li>{t('report.lockedType')}</li>}
            </ul>
            <PayPanel recordId={id} priceFen={data.priceFen} />
          </section>
        ) : (
          <>
            {view.overall && (
              <section className="h5-section h5-overall">
                <h2>{t('report.overall')}</h2>
                <div className="h5-overall-line">
                  {view.overall.band && (
                    <BandTag colour={view.overall.band.colour}>{view.overall.band.label}</BandTag>
                  )}
                  <span className="h5-score">{t('report.score', { score: view.overall.score })}</span>
                </div>
                {view.overall.band && (
                  <>
                    <BandBar band={view.overall.band} />
                    {view.overall.band.interpretation && (
                      <p className="h5-prose">{view.overall.band.interpretation}</p>
                    )}
                  </>
                )}
              </section>
            )}
            {view.dimensions.length > 0 && (
              <section className="h5-section">
                <h2>{t('report.dimensions')}</h2>
                <ul className="h5-dimensions">
                  {view.dimensions.map((d) => (
                    <li key={d.key}>
                      <div className="h5-dimension-line">
                        <span className="h5-dimension-name">{d.name}</span>
                        <span className="h5-dimension-score">
                          {d.band && <BandTag colour={d.band.colour}>{d.band.label}</BandTag>} {d.score}
                        </span>
                      </div>
                      {d.band && <BandBar band={d.band} />}
                      {d.band?.interpretation && <p className="h5-note">{d.band.interpretation}</p>}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {view.type && (
              <section className="h5-section">
                <h2>{t('report.type')}</h2>
                <p className="h5-type">
                  <strong>{view.type.code}</strong> {view.type.name}
                </p>
                {view.type.description && <p className="h5-prose">{view.type.description}</p>}
                <ul className="h5-axes">
                  {view.type.axes.map((axis) => (
                    <li key={axis.key}>
                      <div className="h5-dimension-line">
                        <span>
                          {axis.left.letter} {axis.left.name} {axis.left.percent}%
                        </span>
                        <span>
                          {axis.right.percent}% {axis.right.name} {axis.right.letter}
                        </span>
                      </div>
                      <div className="h5-band-bar" aria-hidden="true">
                        <div
                          className="h5-band-fill h5-axis-fill"
                          style={{ width: `${axis.left.percent}%` }}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {!view.overall && view.dimensions.length === 0 && !view.type && (
              <p className="h5-note">{t('report.noResult')}</p>
            )}
          </>
        )}
        {/* Staff's own words under Settings > General, else the built-in line. */}
        <p className="h5-note">{(service && text(service.disclaimer)) || t('report.disclaimer')}</p>
      </article>
    </Page>
  );
}
