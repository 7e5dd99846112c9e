import { Button } from 'antd-mobile';

/**
 * Drawn when the language pack could not be loaded, so none of the app's texts are there: both languages,
 * written here, kept to what a participant needs to try again.
 */
const TEXT = {
  title: '页面加载失败 · The app could not be loaded',
  body: '请检查网络后重新加载。 Please check your connection and reload.',
  reload: '重新加载 · Reload',
};

export function BootFailure() {
  return (
    <div className="h5-centre h5-stack" role="alert">
      <p className="h5-message">{TEXT.title}</p>
      <p className="h5-note">{TEXT.body}</p>
      <Button color="primary" fill="outline" onClick={() => window.location.reload()}>
        {TEXT.reload}
      </Button>
    </div>
  );
}
