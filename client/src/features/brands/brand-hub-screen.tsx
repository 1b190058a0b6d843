import { useParams } from 'react-router-dom';
import { ComingSoon, Screen } from '../../ui/screen/screen';

/** /brandhub/:brandId: feed, quests and gear of one brand. Placeholder until the brands feature lands. */
export function BrandHubScreen() {
  const { brandId } = useParams();
  return (
    <Screen title="Brand hub">
      <ComingSoon>The feed, quests and gear of brand {brandId} will appear here.</ComingSoon>
    </Screen>
  );
}
