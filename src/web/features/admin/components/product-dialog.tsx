import { taxRateLabel } from '#shared/domain/pricing.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { CATEGORIES, PRODUCT_TAG_GROUPS, findCategory } from '#shared/domain/catalog.ts'
import {
  ProductInputSchema,
  type AdminProduct,
  type ProductInput,
  type ProductValues,
} from '#shared/schemas/product.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Checkbox } from '#web/components/ui/checkbox.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx'
import { FormField, fieldErrorProps } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '#web/components/ui/select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { adminProducerQueries } from '../api/admin-producers.ts'
import { useSaveProduct } from '../api/admin-products.ts'
import { ImageUploadField } from './image-upload-field.tsx'

const NONE = 'none'

const FIELDS = [
  'name',
  'description',
  'price',
  'category',
  'subcategory',
  'subcategory2',
  'producerId',
  'imageUrl',
  'stockCount',
  'tags',
] as const satisfies ReadonlyArray<keyof ProductInput>

const formValues = (product: AdminProduct | null): ProductInput => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product?.price ?? '',
  category: product?.category ?? '',
  subcategory: product?.subcategory ?? null,
  subcategory2: product?.subcategory2 ?? null,
  producerId: product?.producerId ?? '',
  imageUrl: product?.imageUrl ?? '',
  inStock: product?.inStock ?? true,
  stockCount: product?.stockCount ?? '',
  isNew: product?.isNew ?? false,
  seasonal: product?.seasonal ?? false,
  taxable: product?.taxable ?? false,
  tags: (product?.tags ?? []) as ProductInput['tags'],
})

/**
 * Add Product and Edit Product (docs/product.md#admin): every field, checked as the server
 * checks it. The farm is a producer picked from the admin's list (inactive ones included).
 */
export function ProductDialog({
  product,
  onClose,
}: {
  product: AdminProduct | null
  onClose: () => void
}) {
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const save = useSaveProduct()
  const producers = useQuery(adminProducerQueries.list())
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: formValues(product),
  })
  const category = findCategory(useWatch({ control, name: 'category' }))
  const imageUrl = useWatch({ control, name: 'imageUrl' })

  const onSubmit = handleSubmit((values) =>
    save.mutate(
      { id: product?.id ?? null, input: values },
      {
        onSuccess: (saved) => {
          toast({
            title: product ? 'Product updated' : 'Product created',
            description: product ? `${saved.name} is saved.` : `${saved.name} is now in the shop.`,
          })
          onClose()
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, FIELDS)
          for (const [name, message] of fieldErrors) setError(name, { type: 'server', message })
          const first = fieldErrors[0]?.[0]
          if (first) setFocus(first)
          toast({
            variant: 'destructive',
            title: 'Error',
            description: product
              ? 'Failed to update product. Please try again.'
              : 'Failed to create product. Please try again.',
          })
        },
      },
    ),
  )

  const subcategorySelect = (name: 'subcategory' | 'subcategory2', label: string) => (
    <FormField controlId={field(name)} label={label} optional error={errors[name]?.message}>
      <Controller
        control={control}
        name={name}
        render={({ field: selectField }) => (
          <Select
            value={category ? (selectField.value ?? NONE) : ''}
            onValueChange={(value) => selectField.onChange(value === NONE ? null : value)}
            disabled={!category}
          >
            <SelectTrigger
              id={field(name)}
              {...fieldErrorProps(field(name), errors[name]?.message)}
            >
              <SelectValue placeholder={category ? 'None' : 'Choose a category first'} />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NONE}>None</SelectItem>
              {category?.subcategories.map((subcategory) => (
                <SelectItem key={subcategory.slug} value={subcategory.slug}>
                  {subcategory.title}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  )

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent width="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{product ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {product
              ? 'Changes show in the shop as soon as you save.'
              : 'The product shows in the shop as soon as you save it.'}
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <FormField
            controlId={field('name')}
            label="Name"
            error={errors.name?.message}
            className="sm:col-span-2"
          >
            <Input
              id={field('name')}
              aria-required
              {...fieldErrorProps(field('name'), errors.name?.message)}
              {...register('name')}
            />
          </FormField>
          <FormField
            controlId={field('description')}
            label="Description"
            optional
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Textarea
              id={field('description')}
              rows={3}
              {...fieldErrorProps(field('description'), errors.description?.message)}
              {...register('description')}
            />
          </FormField>
          <FormField controlId={field('price')} label="Price ($)" error={errors.price?.message}>
            <Input
              id={field('price')}
              inputMode="decimal"
              placeholder="12.99"
              aria-required
              {...fieldErrorProps(field('price'), errors.price?.message)}
              {...register('price')}
            />
          </FormField>
          <FormField
            controlId={field('stockCount')}
            label="Weight/Qty"
            optional
            error={errors.stockCount?.message}
          >
            <Input
              id={field('stockCount')}
              placeholder="1 lb, 12 ct, 32 oz"
              {...fieldErrorProps(field('stockCount'), errors.stockCount?.message)}
              {...register('stockCount')}
            />
          </FormField>
          <FormField
            controlId={field('category')}
            label="Category"
            error={errors.category?.message}
          >
            <Controller
              control={control}
              name="category"
              render={({ field: selectField }) => (
                <Select
                  value={selectField.value || undefined}
                  onValueChange={(value) => {
                    selectField.onChange(value)
                    // a new category clears both subcategories (docs/product.md#admin)
                    setValue('subcategory', null)
                    setValue('subcategory2', null)
                  }}
                >
                  <SelectTrigger
                    id={field('category')}
                    aria-required
                    {...fieldErrorProps(field('category'), errors.category?.message)}
                  >
                    <SelectValue placeholder="Select a category" />
                  </SelectTrigger>
                  <SelectContent>
                    {CATEGORIES.map((entry) => (
                      <SelectItem key={entry.slug} value={entry.slug}>
                        {entry.title}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            controlId={field('producerId')}
            label="Farm Source"
            error={
              errors.producerId?.message ??
              (producers.isError
                ? 'The producers could not be loaded. Please try again.'
                : undefined)
            }
          >
            <Controller
              control={control}
              name="producerId"
              render={({ field: selectField }) => (
                <Select
                  value={selectField.value || undefined}
                  onValueChange={selectField.onChange}
                  disabled={!producers.data}
                >
                  <SelectTrigger
                    id={field('producerId')}
                    aria-required
                    {...fieldErrorProps(field('producerId'), errors.producerId?.message)}
                  >
                    <SelectValue
                      placeholder={producers.data ? 'Select a producer' : 'Loading producers...'}
                    />
                  </SelectTrigger>
                  <SelectContent>
                    {producers.data?.map((producer) => (
                      <SelectItem key={producer.id} value={producer.id}>
                        {producer.active ? producer.name : `${producer.name} (inactive)`}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          {subcategorySelect('subcategory', 'Subcategory')}
          {subcategorySelect('subcategory2', 'Second subcategory')}
          <ImageUploadField
            controlId={field('imageUrl')}
            label="Image"
            className="sm:col-span-2"
            previewAlt="Product image preview"
            saveHint="Save the product to use it."
            imageUrl={imageUrl ?? ''}
            error={errors.imageUrl?.message}
            onUploaded={(path) => setValue('imageUrl', path, { shouldValidate: true })}
            input={
              <Input
                id={field('imageUrl')}
                placeholder="https://… or upload an image"
                {...fieldErrorProps(field('imageUrl'), errors.imageUrl?.message)}
                {...register('imageUrl')}
              />
            }
          />
          <fieldset className="flex flex-col gap-3 sm:col-span-2">
            <legend className="mb-2 text-sm font-medium">Availability</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-3">
              <Controller
                control={control}
                name="inStock"
                render={({ field: checkField }) => (
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={field('inStock')}
                      checked={checkField.value ?? true}
                      onCheckedChange={(checked) => checkField.onChange(checked === true)}
                    />
                    <Label htmlFor={field('inStock')}>In stock</Label>
                  </span>
                )}
              />
              <Controller
                control={control}
                name="isNew"
                render={({ field: checkField }) => (
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={field('isNew')}
                      checked={checkField.value ?? false}
                      onCheckedChange={(checked) => checkField.onChange(checked === true)}
                    />
                    <Label htmlFor={field('isNew')}>Show the ‘New!’ badge</Label>
                  </span>
                )}
              />
              <Controller
                control={control}
                name="seasonal"
                render={({ field: checkField }) => (
                  <span className="flex items-center gap-2">
                    <Checkbox
                      id={field('seasonal')}
                      checked={checkField.value ?? false}
                      onCheckedChange={(checked) => checkField.onChange(checked === true)}
                    />
                    <Label htmlFor={field('seasonal')}>In season</Label>
                  </span>
                )}
              />
            </div>
          </fieldset>
          <Controller
            control={control}
            name="taxable"
            render={({ field: checkField }) => (
              <div className="flex flex-col gap-1 sm:col-span-2">
                <span className="flex items-center gap-2">
                  <Checkbox
                    id={field('taxable')}
                    checked={checkField.value ?? false}
                    onCheckedChange={(checked) => checkField.onChange(checked === true)}
                    aria-describedby={field('taxable-hint')}
                  />
                  <Label htmlFor={field('taxable')}>Charge sales tax ({taxRateLabel()})</Label>
                </span>
                <p id={field('taxable-hint')} className="text-sm text-muted-foreground">
                  Texas taxes soft drinks and kombucha, candy, food made to eat (sandwiches, salads,
                  hot food) and non-food items. Groceries for home cooking are exempt.
                </p>
              </div>
            )}
          />
          <Controller
            control={control}
            name="tags"
            render={({ field: tagsField }) => {
              const tags = tagsField.value ?? []
              return (
                <fieldset className="grid gap-3 sm:col-span-2 sm:grid-cols-2">
                  <legend className="mb-2 text-sm font-medium">Tags</legend>
                  {PRODUCT_TAG_GROUPS.map((group) => (
                    <div key={group.id} className="flex flex-col gap-2">
                      <p className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                        {group.title}
                      </p>
                      {group.tags.map((tag) => (
                        <span key={tag.slug} className="flex items-center gap-2">
                          <Checkbox
                            id={field(`tag-${tag.slug}`)}
                            checked={tags.includes(tag.slug)}
                            onCheckedChange={(checked) =>
                              tagsField.onChange(
                                checked === true
                                  ? [...tags, tag.slug]
                                  : tags.filter((slug) => slug !== tag.slug),
                              )
                            }
                          />
                          <Label htmlFor={field(`tag-${tag.slug}`)}>{tag.label}</Label>
                        </span>
                      ))}
                    </div>
                  ))}
                </fieldset>
              )
            }}
          />
          <DialogFooter className="sm:col-span-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
