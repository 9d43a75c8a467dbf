import { ChefHatIcon } from 'lucide-react'
import { PageHeader } from '#web/components/layout/page-header.tsx'
import { JoinWaitlistButton } from '#web/features/marketing/components/join-waitlist-button.tsx'
import { usePageTitle } from '#web/lib/use-page-title.ts'

const RECIPES = [
  {
    title: 'Gulf shrimp and Texas sweet corn skillet',
    season: 'Summer',
    minutes: 25,
    hue: 'from-butter/70 to-wheat',
  },
  {
    title: 'Roasted Brazos Valley sweet potatoes with pecans',
    season: 'Fall',
    minutes: 45,
    hue: 'from-tomato/30 to-wheat',
  },
  {
    title: 'Grass-fed beef and black bean chili',
    season: 'Winter',
    minutes: 90,
    hue: 'from-tomato/40 to-butter/40',
  },
  {
    title: 'Strawberry and goat cheese spring salad',
    season: 'Spring',
    minutes: 15,
    hue: 'from-tomato/25 to-sage/50',
  },
  {
    title: 'Pasture-raised egg and greens breakfast tacos',
    season: 'All year',
    minutes: 20,
    hue: 'from-sage/60 to-butter/40',
  },
  {
    title: 'Sourdough panzanella with farm tomatoes',
    season: 'Summer',
    minutes: 30,
    hue: 'from-leaf/30 to-tomato/30',
  },
] as const

/** /recipes: six cards, all coming soon (docs/product.md#pages). */
export default function RecipesPage() {
  usePageTitle('Recipes')
  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeader
        eyebrow="From our kitchen"
        title="Recipes"
        intro="Simple, seasonal cooking with what is in your Saturday crate. Our first recipes are being tested in our kitchen now."
      />
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {RECIPES.map((recipe) => (
          <li key={recipe.title}>
            <article className="flex h-full flex-col overflow-hidden rounded-xl bg-card shadow-xs">
              <div
                className={`relative flex aspect-[16/10] items-center justify-center bg-gradient-to-br ${recipe.hue}`}
              >
                <ChefHatIcon className="size-14 text-forest/70" aria-hidden />
                <span className="absolute top-3 left-3 rounded-full bg-forest px-3 py-1 text-xs font-bold tracking-wide text-white">
                  COMING SOON
                </span>
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                <h2 className="text-lg font-semibold">{recipe.title}</h2>
                <p className="text-sm text-muted-foreground">
                  {recipe.season} · about {recipe.minutes} minutes
                </p>
              </div>
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-accent/60 p-6 sm:p-8">
        <h2 className="text-2xl font-semibold text-forest">Be the first to cook them</h2>
        <p className="max-w-2xl text-muted-foreground">
          Join the waitlist and we will send you the recipes as they are published, along with news
          of our launch.
        </p>
        <JoinWaitlistButton />
      </div>
    </div>
  )
}
