import { zodResolver } from '@hookform/resolvers/zod'
import { useQuery } from '@tanstack/react-query'
import { useForm, useWatch } from 'react-hook-form'
import { CATEGORIES, PRODUCT_TAG_GROUPS, findCategory } from '#shared/domain/catalog.ts'
import { taxRateLabel } from '#shared/domain/pricing.ts'
import {
  ProductInputSchema,
  type AdminProduct,
  type ProductInput,
  type ProductValues,
} from '#shared/schemas/product.ts'
import { CheckboxField, ChecksField, FieldLegend } from '#web/components/admin/check-fields.tsx'
import { FormDialog } from '#web/components/admin/form-dialog.tsx'
import {
  CountField,
  MoneyField,
  SelectField,
  TextField,
  TextareaField,
} from '#web/components/admin/form-fields.tsx'
import { ImageField } from '#web/components/admin/image-field.tsx'
import { toast } from '#web/components/ui/toast-store.ts'
import { adminProducerQueries } from '../api/admin-producers.ts'
import { useSaveProduct } from '../api/admin-products.ts'
import { uploadImage } from '../api/upload-image.ts'

const CATEGORY_OPTIONS = CATEGORIES.map((entry) => ({ value: entry.slug, label: entry.title }))
const TAG_GROUPS = PRODUCT_TAG_GROUPS.map((group) => ({
  id: group.id,
  title: group.title,
  options: group.tags.map((tag) => ({ value: tag.slug, label: tag.label })),
}))

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
  'weeklyQuantity',
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
  weeklyQuantity: product?.weeklyQuantity ?? null,
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
  const save = useSaveProduct()
  const producers = useQuery(adminProducerQueries.list())
  const form = useForm<ProductInput, unknown, ProductValues>({
    resolver: zodResolver(ProductInputSchema),
    defaultValues: formValues(product),
  })
  const { control, setValue } = form
  const category = findCategory(useWatch({ control, name: 'category' }))
  const subcategoryOptions = (category?.subcategories ?? []).map((subcategory) => ({
    value: subcategory.slug,
    label: subcategory.title,
  }))

  return (
    <FormDialog
      form={form}
      title={product ? 'Edit Product' : 'Add Product'}
      description={
        product
          ? 'Changes show in the shop as soon as you save.'
          : 'The product shows in the shop as soon as you save it.'
      }
      submitLabel={product ? 'Save Changes' : 'Add Product'}
      save={(values) => save.mutateAsync({ id: product?.id ?? null, input: values })}
      onSaved={(saved) =>
        toast({
          title: product ? 'Product updated' : 'Product created',
          description: product ? `${saved.name} is saved.` : `${saved.name} is now in the shop.`,
        })
      }
      serverFields={FIELDS}
      onRefused={() => ({
        description: product
          ? 'Failed to update product. Please try again.'
          : 'Failed to create product. Please try again.',
      })}
      onClose={onClose}
    >
      <TextField control={control} name="name" label="Name" required className="sm:col-span-2" />
      <TextareaField
        control={control}
        name="description"
        label="Description"
        optional
        rows={3}
        className="sm:col-span-2"
      />
      <MoneyField control={control} name="price" label="Price ($)" placeholder="12.99" required />
      <TextField
        control={control}
        name="stockCount"
        label="Weight/Qty"
        optional
        placeholder="1 lb, 12 ct, 32 oz"
      />
      <SelectField
        control={control}
        name="category"
        label="Category"
        required
        placeholder="Select a category"
        options={CATEGORY_OPTIONS}
        onValueChange={() => {
          // a new category clears both subcategories (docs/product.md#admin)
          setValue('subcategory', null)
          setValue('subcategory2', null)
        }}
      />
      <SelectField
        control={control}
        name="producerId"
        label="Farm Source"
        required
        disabled={!producers.data}
        placeholder={producers.data ? 'Select a producer' : 'Loading producers...'}
        options={(producers.data ?? []).map((producer) => ({
          value: producer.id,
          label: producer.active ? producer.name : `${producer.name} (inactive)`,
        }))}
        fallbackError={
          producers.isError ? 'The producers could not be loaded. Please try again.' : undefined
        }
      />
      {(['subcategory', 'subcategory2'] as const).map((name) => (
        <SelectField
          key={name}
          control={control}
          name={name}
          label={name === 'subcategory' ? 'Subcategory' : 'Second subcategory'}
          optional
          none="None"
          blank={!category}
          disabled={!category}
          placeholder={category ? 'None' : 'Choose a category first'}
          options={subcategoryOptions}
        />
      ))}
      <ImageField
        control={control}
        name="imageUrl"
        label="Image"
        className="sm:col-span-2"
        previewAlt="Product image preview"
        saveHint="Save the product to use it."
        upload={uploadImage}
      />
      <fieldset className="flex flex-col gap-3 sm:col-span-2">
        <FieldLegend>Availability</FieldLegend>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          <CheckboxField control={control} name="inStock" label="In stock" />
          <CheckboxField control={control} name="isNew" label="Show the ‘New!’ badge" />
          <CheckboxField control={control} name="seasonal" label="In season" />
        </div>
        <CountField
          control={control}
          name="weeklyQuantity"
          label="Weekly quantity"
          optional
          placeholder="No limit"
          hint="How many can be sold for each Saturday. Leave it empty for no limit."
          className="sm:max-w-xs"
        />
      </fieldset>
      <CheckboxField
        control={control}
        name="taxable"
        label={`Charge sales tax (${taxRateLabel()})`}
        className="sm:col-span-2"
        hint="Texas taxes soft drinks and kombucha, candy, food made to eat (sandwiches, salads, hot food) and non-food items. Groceries for home cooking are exempt."
      />
      <ChecksField
        control={control}
        name="tags"
        label="Tags"
        className="grid gap-3 sm:col-span-2 sm:grid-cols-2"
        groupClassName="flex flex-col gap-2"
        groups={TAG_GROUPS}
      />
    </FormDialog>
  )
}
