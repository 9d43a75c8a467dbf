const TESTIMONIALS = [
  {
    quote:
      'The eggs from Frydek have yolks the color of a sunset, and my kids finally eat salad. Saturday mornings feel like a farmers market that comes to us.',
    name: 'Maria G.',
    place: 'The Heights',
  },
  {
    quote:
      'I work long shifts at the Medical Center. Ordering on Tuesday night and finding a crate of real food on the porch on Saturday has changed how we eat.',
    name: 'Darnell W.',
    place: 'Pearland',
  },
  {
    quote:
      'One of my tomatoes was bruised and they refunded it the same afternoon. Everything else was the best produce I have bought in Houston.',
    name: 'Priya S.',
    place: 'Sugar Land',
  },
] as const

/** Three testimonials (docs/product.md#pages). */
export function Testimonials() {
  return (
    <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="testimonials">
      <h2 id="testimonials" className="mb-8 text-3xl font-semibold text-forest sm:text-4xl">
        What our neighbors say
      </h2>
      <ul className="grid gap-5 md:grid-cols-3">
        {TESTIMONIALS.map((testimonial) => (
          <li key={testimonial.name}>
            <figure className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-6 shadow-xs">
              <blockquote className="flex-1 text-lg leading-relaxed">
                “{testimonial.quote}”
              </blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{testimonial.name}</span>
                <span className="text-muted-foreground"> · {testimonial.place}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
