import { UpcomingPage } from './upcoming-page.tsx'

export default function RecipesPage() {
  return <UpcomingPage title="Recipes" />
}
