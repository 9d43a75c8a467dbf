import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { PRODUCT_TAG_GROUPS, type ProductTag } from '#shared/domain/catalog.ts'
import { centsToTypedAmount, readMoneyInput, type Cents } from '#shared/domain/money.ts'
import type { Producer } from '#shared/schemas/producer.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeCheckbox } from '#web/components/ui/native-checkbox.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { NoScriptOnly } from '#web/components/ui/no-script-only.tsx'
import { cn } from '#web/lib/cn.ts'
import { producerQueries } from '../api/product-queries.ts'
import type { ShopFilters } from '../hooks/use-shop-filters.ts'

export interface ProductFiltersProps {
  filters: ShopFilters
  /** the shop page the form is sent to without JavaScript (its path, no query) */
  action: string
  /** what the form sends besides its own fields, so they survive it: the sort and the search */
  keep: URLSearchParams
  onToggleTag: (tag: ProductTag, checked: boolean) => void
  /** cents */
  onPriceChange: (range: { minPrice: Cents | undefined; maxPrice: Cents | undefined }) => void
  onFarmChange: (farm: string | undefined) => void
  className?: string
}

/** 'All producers': an empty `farm=`, which the page reads as no producer */
const ALL_PRODUCERS = ''

/**
 * The shop's filters (docs/product.md#catalogue): know-your-food and diet tags, a price range, one
 * producer. A GET form whose fields are the address's own keys: with JavaScript each choice
 * applies at once and the price on Apply; without it, 'Apply filters' sends the form and the
 * server renders the filtered page (docs/product.md#without-javascript).
 */
export function ProductFilters({
  filters,
  action,
  keep,
  onToggleTag,
  onPriceChange,
  onFarmChange,
  className,
}: ProductFiltersProps) {
  function applyPrice(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    let low = toPrice(fields.get('minPrice'))
    let high = toPrice(fields.get('maxPrice'))
    if (low !== undefined && high !== undefined && low > high) [low, high] = [high, low]
    onPriceChange({ minPrice: low, maxPrice: high })
  }

  return (
    <form
      method="get"
      action={action}
      onSubmit={applyPrice}
      className={cn('flex flex-col gap-6', className)}
    >
      <HiddenFields query={keep} />
      {PRODUCT_TAG_GROUPS.map((group) => (
        <fieldset key={group.id} className="flex flex-col gap-2.5">
          <legend className="mb-2.5 text-sm font-semibold">{group.title}</legend>
          {group.tags.map((tag) => (
            <TagCheckbox
              key={tag.slug}
              slug={tag.slug}
              label={tag.label}
              checked={filters.tags.includes(tag.slug)}
              onChange={(checked) => onToggleTag(tag.slug, checked)}
            />
          ))}
        </fieldset>
      ))}
      <PriceRange minPrice={filters.minPrice} maxPrice={filters.maxPrice} />
      <ProducerSelect farm={filters.farm} onChange={onFarmChange} />
      <NoScriptOnly>
        <Button type="submit">Apply filters</Button>
      </NoScriptOnly>
    </form>
  )
}

/** A query's keys as hidden fields, so a GET form sends them along with its own. */
export function HiddenFields({ query }: { query: URLSearchParams }) {
  return [...query].map(([name, value], index) => (
    <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
  ))
}

function TagCheckbox({
  slug,
  label,
  checked,
  onChange,
}: {
  slug: ProductTag
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-center gap-2.5">
      <NativeCheckbox
        id={id}
        name="tags"
        value={slug}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <Label htmlFor={id} look="option" className="cursor-pointer">
        {label}
      </Label>
    </div>
  )
}

function PriceRange({
  minPrice,
  maxPrice,
}: {
  minPrice: Cents | undefined
  maxPrice: Cents | undefined
}) {
  const id = useId()
  const [min, setMin] = useState(typed(minPrice))
  const [max, setMax] = useState(typed(maxPrice))
  // a new range in the URL (applied, back button, cleared, a chip removed) refills the inputs;
  // adjusted while rendering rather than by remounting, so focus stays on the Apply button
  const [shown, setShown] = useState({ minPrice, maxPrice })
  if (shown.minPrice !== minPrice || shown.maxPrice !== maxPrice) {
    setShown({ minPrice, maxPrice })
    setMin(typed(minPrice))
    setMax(typed(maxPrice))
  }

  // the filter form's submit applies the range (ProductFilters); without JavaScript this
  // button sends the whole form
  return (
    <fieldset>
      <legend className="mb-2.5 text-sm font-semibold">Price</legend>
      <div className="flex items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-min`} look="caption" className="text-muted-foreground">
            Min ($)
          </Label>
          <Input
            id={`${id}-min`}
            name="minPrice"
            type="number"
            inputMode="decimal"
            min={0}
            max={100000}
            step={0.01}
            placeholder="0"
            value={min}
            onChange={(event) => setMin(event.target.value)}
          />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <Label htmlFor={`${id}-max`} look="caption" className="text-muted-foreground">
            Max ($)
          </Label>
          <Input
            id={`${id}-max`}
            name="maxPrice"
            type="number"
            inputMode="decimal"
            min={0}
            max={100000}
            step={0.01}
            placeholder="Any"
            value={max}
            onChange={(event) => setMax(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" aria-label="Apply price range">
          Apply
        </Button>
      </div>
    </fieldset>
  )
}

const typed = (cents: Cents | undefined) => (cents === undefined ? '' : centsToTypedAmount(cents))

/** What the field holds, in cents; empty or not an amount means no bound. */
function toPrice(value: FormDataEntryValue | null): Cents | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined
  const read = readMoneyInput(value)
  return read.ok ? read.cents : undefined
}

function ProducerSelect({
  farm,
  onChange,
}: {
  farm: string | undefined
  onChange: (farm: string | undefined) => void
}) {
  const id = useId()
  const producers = useQuery(producerQueries.list())
  const list = producers.data ?? []
  const chosen = farm ? findProducer(list, farm) : undefined
  // an older link may name a producer by name, or one the list does not (yet) hold
  const value = farm ? (chosen?.slug ?? farm) : ALL_PRODUCERS
  return (
    <div className="flex flex-col gap-2.5">
      <Label htmlFor={id} look="heading">
        Producer
      </Label>
      <NativeSelect
        id={id}
        name="farm"
        value={value}
        onChange={(event) => onChange(event.target.value || undefined)}
      >
        <option value={ALL_PRODUCERS}>All producers</option>
        {farm && !chosen ? <option value={farm}>{farm}</option> : null}
        {list.map((producer) => (
          <option key={producer.slug} value={producer.slug}>
            {producer.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

/** The producer a `farm` query names, by slug or by name ignoring case (as the server matches it). */
export function findProducer(producers: readonly Producer[], farm: string): Producer | undefined {
  const wanted = farm.trim().toLowerCase()
  return producers.find(
    (producer) => producer.slug === wanted || producer.name.toLowerCase() === wanted,
  )
}
