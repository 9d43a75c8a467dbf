import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { ImageUpIcon, LoaderCircleIcon } from 'lucide-react'
import { useId, useRef, useState, type ReactNode } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { CATEGORIES, PRODUCT_TAG_GROUPS, findCategory } from '#shared/domain/catalog.ts'
import { UPLOAD_IMAGE_TYPES } from '#shared/schemas/admin.ts'
import {
  ProductInputSchema,
  type Product,
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
import { ProductImage } from '#web/components/product-image.tsx'
import { serverFieldErrors } from '#web/lib/server-field-errors.ts'
import { adminProductQueries, useSaveProduct } from '../api/admin-products.ts'
import { UploadRefused, uploadImage } from '../api/upload-image.ts'

const NONE = 'none'

const FIELDS = [
  'name',
  'description',
  'price',
  'category',
  'subcategory',
  'subcategory2',
  'farmSource',
  'imageUrl',
  'stockCount',
  'tags',
] as const satisfies ReadonlyArray<keyof ProductInput>

const formValues = (product: Product | null): ProductInput => ({
  name: product?.name ?? '',
  description: product?.description ?? '',
  price: product?.price ?? '',
  category: product?.category ?? '',
  subcategory: product?.subcategory ?? null,
  subcategory2: product?.subcategory2 ?? null,
  farmSource: product?.farmSource ?? '',
  imageUrl: product?.imageUrl ?? '',
  inStock: product?.inStock ?? true,
  stockCount: product?.stockCount ?? '',
  isNew: product?.isNew ?? false,
  tags: (product?.tags ?? []) as ProductInput['tags'],
})

/** Add Product and Edit Product (spec §2, §5): every field, checked as the server checks it. */
export function ProductDialog({
  product,
  onClose,
}: {
  product: Product | null
  onClose: () => void
}) {
  const id = useId()
  const field = (name: string) => `${id}-${name}`
  const save = useSaveProduct()
  const producers = useQuery(adminProductQueries.producerNames())
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
      <DialogContent className="max-w-2xl">
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
                    // spec §5: a new category clears both subcategories
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
            controlId={field('farmSource')}
            label="Farm Source"
            error={errors.farmSource?.message}
          >
            <Input
              id={field('farmSource')}
              list={field('producers')}
              autoComplete="off"
              aria-required
              {...fieldErrorProps(field('farmSource'), errors.farmSource?.message)}
              {...register('farmSource')}
            />
            <datalist id={field('producers')}>
              {producers.data?.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </FormField>
          {subcategorySelect('subcategory', 'Subcategory')}
          {subcategorySelect('subcategory2', 'Second subcategory')}
          <ImageField
            controlId={field('imageUrl')}
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
            </div>
          </fieldset>
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

/** The image: a preview, an upload button, and the address field for a pasted URL. */
function ImageField({
  controlId,
  imageUrl,
  error,
  onUploaded,
  input,
}: {
  controlId: string
  imageUrl: string
  error: string | undefined
  onUploaded: (path: string) => void
  input: ReactNode
}) {
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)

  const upload = async (file: File) => {
    setUploading(true)
    try {
      onUploaded(await uploadImage(file))
      toast({ title: 'Image uploaded', description: 'Save the product to use it.' })
    } catch (refusal) {
      const { title, description } =
        refusal instanceof UploadRefused
          ? refusal
          : { title: 'Upload failed', description: 'Failed to upload image. Please try again.' }
      toast({ variant: 'destructive', title, description })
    } finally {
      setUploading(false)
      if (fileInput.current) fileInput.current.value = ''
    }
  }

  return (
    <FormField controlId={controlId} label="Image" optional error={error} className="sm:col-span-2">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <ProductImage
          src={imageUrl || null}
          alt="Product image preview"
          className="size-24 shrink-0 rounded-lg border border-border bg-wheat"
        />
        <div className="flex flex-1 flex-col gap-2">
          <div>
            <input
              ref={fileInput}
              type="file"
              accept={UPLOAD_IMAGE_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-label="Image file"
              onChange={(event) => {
                const file = event.target.files?.[0]
                if (file) void upload(file)
              }}
            />
            <Button
              type="button"
              variant="outline"
              disabled={uploading}
              onClick={() => fileInput.current?.click()}
            >
              {uploading ? (
                <LoaderCircleIcon className="animate-spin" aria-hidden />
              ) : (
                <ImageUpIcon aria-hidden />
              )}
              {uploading ? 'Uploading...' : 'Upload image'}
            </Button>
          </div>
          {input}
          <p className="text-xs text-muted-foreground">JPG, PNG, GIF or WebP, up to 25MB.</p>
        </div>
      </div>
    </FormField>
  )
}
