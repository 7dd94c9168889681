import { randomUUID } from 'node:crypto';
import { type BlogPostStatus, readingTimeMinutes, slugify } from '@app/shared/blog/blog.schemas';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags, users } from '../db/schema.ts';
import { blogContentFromInput } from '../modules/blog/index.ts';

type DemoPost = {
  title: string;
  /** A category slug of DEMO_BLOG_CATEGORIES. */
  category: string;
  tags: string[];
  excerpt: string;
  /** Plain text with blank-line paragraphs; some blocks are headings or lists. */
  content: string;
  status?: BlogPostStatus;
};

export const DEMO_BLOG_CATEGORIES = [
  'Market Insights',
  'Recycling Guides',
  'Sustainability',
  'Platform News',
];

export const DEMO_BLOG_TAGS = [
  'Metals',
  'Plastics',
  'Paper',
  'Textiles',
  'E-Waste',
  'Pricing',
  'Quality Grades',
  'Logistics',
  'Escrow',
  'Compliance',
  'Circular Economy',
];

/** Fifteen published posts (two pages of the blog), newest first, then a draft and an archived post. */
export const DEMO_BLOG_POSTS: DemoPost[] = [
  {
    title: 'How copper scrap is priced: discounts to the exchange, explained',
    category: 'market-insights',
    tags: ['Metals', 'Pricing'],
    excerpt:
      'Copper scrap rarely has a price of its own. It trades at a discount to the exchange, and knowing what moves that discount is the difference between a good deal and a bad one.',
    content: `Ask a copper buyer for a price and you will almost never hear a number per tonne on its own. You will hear something like "LME minus 6%" or "COMEX minus 18 cents". Scrap copper is priced against the exchange price of refined copper, with a discount that reflects how much work it takes to turn the scrap back into cathode or rod.

<h2>Why a discount and not a price</h2>

Refined copper prices move every minute on the London Metal Exchange and on COMEX in New York. A fixed price for scrap would expose one side of the deal to every swing between the agreement and the delivery. Quoting a discount lets both parties agree on the part of the value they actually control - the quality of the material and the cost of processing it - while the metal value itself floats with the market.

The price that is finally paid is usually fixed on a reference date: the exchange settlement on the day of loading, the average of the month of shipment, or a date the seller chooses within an agreed window ("seller's call").

<h2>What moves the discount</h2>

<ul>
<li><strong>Grade.</strong> Bare bright wire needs little more than melting; mixed #2 copper needs fire refining. The cleaner the grade, the narrower the discount.</li>
<li><strong>Copper content and contaminants.</strong> Tin, lead, solder, insulation and attachments all cost money to remove. A lot that tests below the agreed copper content will be re-priced.</li>
<li><strong>Refining charges.</strong> When smelters are short of concentrate and scrap, they compete for material and discounts tighten. When refining capacity is full, discounts widen.</li>
<li><strong>Freight and financing.</strong> A buyer paying for a container to cross an ocean, and waiting weeks for the metal to arrive, builds those costs into the discount.</li>
</ul>

<h2>Practical tips for sellers</h2>

Keep grades separate. A single bale of insulated wire in a load of #1 copper can pull the whole shipment down to the lower grade. Photograph every lot before loading, agree in writing which exchange, which settlement and which date fix the price, and ask for the assay method up front.

On Recytrade, the agreed deal value is fixed when both parties confirm the deal, so agree the pricing formula and the reference date in your messages before you confirm.`,
  },
  {
    title: 'Old corrugated containers: what paper mills are paying for',
    category: 'market-insights',
    tags: ['Paper', 'Pricing', 'Quality Grades'],
    excerpt:
      'OCC is the largest recovered paper grade by volume. Here is what mills check when a truck arrives, and why two bales of "cardboard" can fetch very different prices.',
    content: `Old corrugated containers - OCC - are the backbone of the recovered paper market. Every box that brought goods to a shop or a home can become a new box, and containerboard mills around the world depend on a steady supply of it.

Yet "cardboard" is not one product. Mills buy against recognised grade definitions: in North America the ISRI (now ReMA) paper stock grades, where OCC is grade 11 and double-lined kraft clippings are grade 13; in Europe the EN 643 list, where 1.05 is ordinary corrugated board and 1.04 is supermarket corrugated.

<h2>What the mill checks</h2>

<ol>
<li><strong>Prohibitive materials.</strong> Plastics, wax-coated board, wet-strength packaging and food waste can spoil a batch of pulp. Most specifications allow only a fraction of a percent.</li>
<li><strong>Outthrows.</strong> Paper that is not corrugated - magazines, mixed paper, boxboard - is tolerated in small amounts but lowers the fibre yield.</li>
<li><strong>Moisture.</strong> Mills pay for fibre, not water. Bales are probed on arrival and anything above roughly 10-12% moisture is usually deducted by weight.</li>
<li><strong>Bale quality.</strong> Tight, well-tied bales of a consistent weight load and unload faster and store better.</li>
</ol>

<h2>Reading the price</h2>

OCC prices are cyclical. They follow box demand, which follows retail and e-commerce, and they follow export demand, which changes with import rules in the large buying countries. Supermarket corrugated (1.04) usually trades above mixed OCC because it comes from a cleaner source with fewer outthrows.

If you generate OCC, the fastest way to a better price is the least glamorous: keep it dry, keep plastic film and strapping out, and bale it densely. Buyers on the platform can see your photos and grade description before they make an offer, so describe moisture and contamination honestly - it saves a renegotiation at the mill gate.`,
  },
  {
    title: 'Recycled PET and the recycled-content mandates',
    category: 'market-insights',
    tags: ['Plastics', 'Pricing', 'Compliance'],
    excerpt:
      'Legal minimums for recycled content in bottles have changed the PET market. Why food-grade flake now trades at a premium to virgin resin, and what that means for bale suppliers.',
    content: `For most of its history, recycled PET was priced as a cheaper substitute for virgin resin. When oil was cheap, virgin PET was cheap, and recyclers struggled to compete. Recycled-content mandates have changed that relationship.

The EU Single-Use Plastics Directive requires PET beverage bottles to contain at least 25% recycled plastic from 2025 and all plastic beverage bottles at least 30% from 2030. Several US states, including California, have set their own schedules. Brand owners have added voluntary commitments on top.

<h2>Two markets inside one</h2>

Food-contact recycled PET has to come from a process approved for food contact, which usually means clear bottle feedstock, decontamination, and traceability. That material is scarce relative to demand, so food-grade flake and pellet can trade at or above the price of virgin PET.

Non-food applications - fibre, strapping, sheet - still compete with virgin resin on price, and they absorb coloured bottles and trays that food-grade lines cannot use.

<h2>What it means for bale suppliers</h2>

<ul>
<li>Clear, well-sorted bottle bales are the raw material everyone wants; the premium for clarity and low PVC content has grown.</li>
<li>Traceability matters. Buyers supplying brand owners increasingly ask where material was collected and how it was sorted.</li>
<li>Deposit-return systems produce the cleanest bottle streams, and their material is often sold under long-term contracts rather than on the spot market.</li>
</ul>

If you sell PET bales, state the colour split, the PVC and PE cap content and the source (kerbside, deposit system, post-industrial) in your listing. Buyers filtering for food-grade feedstock will find you faster.`,
  },
  {
    title: 'Why used beverage cans trade at a premium to other aluminium scrap',
    category: 'market-insights',
    tags: ['Metals', 'Pricing'],
    excerpt:
      'Used beverage cans are thin, coated and light, yet mills compete for them. The reason is the closed loop: a can becomes a can again in as little as two months.',
    content: `Used beverage cans (UBC) do not look like valuable scrap. They are thin, lacquered on both sides, and a truckload of loose cans weighs very little. Yet rolling mills that make can sheet compete hard for them, and UBC regularly trades at a narrower discount to primary aluminium than many heavier grades.

The reason is alloy. A can body is made from a 3000-series alloy and the lid from a 5000-series alloy, and the mix of the two in a bale of cans is almost exactly what a can-sheet mill needs to make new body stock. Remelting UBC into new cans needs little primary metal to correct the chemistry, and the aluminium industry commonly cites energy savings of about 95% compared with making aluminium from bauxite.

<h2>What buyers check</h2>

<ul>
<li><strong>Form.</strong> Baled, briquetted or shredded, and the bale density. Mills specify the form their furnaces handle best.</li>
<li><strong>Contamination.</strong> Steel cans, plastic bottles, glass, dirt and liquids. Magnetic separation before baling removes most steel.</li>
<li><strong>Moisture and residues.</strong> Wet bales are dangerous in a furnace and are priced down or refused.</li>
<li><strong>Foreign alloys.</strong> Foil, food trays and other aluminium products change the chemistry and belong in a different grade.</li>
</ul>

<h2>The seller's view</h2>

Deposit-return systems and sorting facilities with eddy-current separators produce the cleanest UBC. If you sell it, state the source and the form in your listing, and include a photo of an opened bale - buyers want to see what is inside, not just the strapping.`,
  },
  {
    title: "A buyer's guide to scrap metal grades",
    category: 'recycling-guides',
    tags: ['Metals', 'Quality Grades'],
    excerpt:
      'Bare bright, #1, #2, HMS 1&2, busheling: the grade names that decide what scrap metal is worth, and how to check that you are getting what you pay for.',
    content: `Scrap metal is traded on grade names that have been standardised for decades. In North America the reference is the Scrap Specifications Circular published by ISRI, now the Recycled Materials Association (ReMA), with code names such as "Barley", "Berry" and "Birch". Other regions use their own lists, but the underlying categories are similar everywhere.

<h2>Copper</h2>

<ul>
<li><strong>Bare bright (#1 bare bright wire).</strong> Clean, uncoated, unalloyed copper wire, not tinned and free of insulation. The top copper grade.</li>
<li><strong>#1 copper.</strong> Clean, unalloyed wire, solids and tubing without paint, solder or fittings.</li>
<li><strong>#2 copper.</strong> Unalloyed copper with some coating, solder, paint or oxidation, with a lower guaranteed copper content.</li>
<li><strong>Insulated wire.</strong> Traded on its expected copper recovery, which depends on gauge and insulation type.</li>
</ul>

<h2>Ferrous</h2>

<ul>
<li><strong>HMS 1 and HMS 2.</strong> Heavy melting steel, graded by thickness and size. Export cargoes are often sold as an 80:20 mix of the two.</li>
<li><strong>Shredded.</strong> Scrap that has passed through a shredder and magnetic separation; dense and easy to charge.</li>
<li><strong>Busheling.</strong> Clean new-production steel clippings, low in residual elements; a premium grade for steelmakers.</li>
</ul>

<h2>Checking what you receive</h2>

Agree the grade name and the specification it refers to in writing. For non-ferrous metals, ask whether the buyer will test with a handheld XRF analyser on arrival and how deductions are calculated. For ferrous cargoes, agree the allowance for non-metallics and oversize pieces.

On Recytrade the seller's listing and your messages are your record of what was agreed. Keep the grade, the tolerance and the inspection method in the conversation before you confirm the deal, and inspect before you release the escrowed funds.`,
  },
  {
    title: 'How to specify a PET bale: colour, contamination and moisture',
    category: 'recycling-guides',
    tags: ['Plastics', 'Quality Grades'],
    excerpt:
      'A clear specification turns a PET bale from "mixed plastic" into a product buyers bid on. The six points every PET listing should state.',
    content: `Two PET bales can look identical from the outside and be worth very different amounts. The difference is inside: how much of the bale is actually clear PET bottles, and what else came along with them. A clear specification lets a buyer price your material without a site visit.

State these six points in every listing:

<ol>
<li><strong>Source.</strong> Kerbside collection, deposit-return system, or post-industrial. Deposit material is usually the cleanest.</li>
<li><strong>Colour split.</strong> Clear, light blue, green and other colours in percent. Clear PET commands the highest price because it can become clear bottles again.</li>
<li><strong>Polymer contamination.</strong> PVC is the most damaging: at processing temperature it releases hydrochloric acid and discolours the melt, so buyers often set very low limits. State PE/PP cap and label content separately.</li>
<li><strong>Non-plastic contamination.</strong> Metal, paper, glass, organics and liquids remaining in bottles.</li>
<li><strong>Moisture.</strong> Bales stored outdoors gain weight and lose value.</li>
<li><strong>Bale format.</strong> Typical weight and dimensions, and how many bales fit a truck or a 40-foot container.</li>
</ol>

<h2>Photographs that sell</h2>

Show a full bale, an opened bale and a close-up of the bottles. A buyer who can see caps, labels and colours trusts the description, and a trusted description gets a better first offer.

<h2>After the sale</h2>

Agree who inspects, where and how deductions for contamination are calculated before you confirm a deal. Recytrade's escrow holds the buyer's payment until the buyer confirms receipt, so a clear specification is also your best protection against a dispute.`,
  },
  {
    title: 'Baling, loading and shipping recyclables: a logistics checklist',
    category: 'recycling-guides',
    tags: ['Logistics'],
    excerpt:
      'Freight often costs more than the margin on a load of recyclables. A practical checklist for getting material from your yard to the buyer without surprises.',
    content: `For many commodities in the recycling trade, freight is the biggest variable cost after the material itself. A well-prepared load protects the margin; a badly prepared one can wipe it out with detention charges, rejected containers or re-weighing disputes.

<h2>Before you book</h2>

<ul>
<li>Confirm the agreed Incoterm, so you know exactly where your responsibility and risk end.</li>
<li>Check the maximum payload for the route. Road limits and container weight limits differ by country, and overweight containers are refused at the port.</li>
<li>Ask the buyer for delivery hours, unloading equipment and any booking reference the receiving site needs.</li>
<li>For cross-border loads, check whether the material needs notification or consent under waste shipment rules before it moves.</li>
</ul>

<h2>Loading</h2>

Bale densely and consistently. Uniform bales load faster and let you reach the payload limit before you run out of space. Photograph the empty container, the load at the half-way point, the full load and the sealed doors with the seal number visible. Record the gross, tare and net weights on a calibrated weighbridge and keep the ticket.

<h2>Paperwork</h2>

Keep together: the weighbridge ticket, the packing list with bale count, the seal number, the transport document (CMR, bill of lading or waybill) and any waste shipment documents. Share them with the buyer through your conversation on the platform, so that everything about the deal is in one place.

<h2>On arrival</h2>

Ask the buyer to report weight and quality findings within an agreed number of days, with photos. Differences are much easier to resolve when both sides have pictures from loading and unloading.`,
  },
  {
    title: 'Incoterms for recyclables: who pays for what, and when risk moves',
    category: 'recycling-guides',
    tags: ['Logistics', 'Compliance'],
    excerpt:
      'EXW, FCA, FOB, CFR, CIF, DAP: the three letters in your contract decide who pays the freight, who insures the cargo and who carries the loss if something goes wrong.',
    content: `Incoterms are the standard trade terms published by the International Chamber of Commerce. The current edition is Incoterms 2020. Each term is a short code that says who arranges and pays for transport, who handles export and import formalities, and - most importantly - at what point the risk of loss passes from seller to buyer.

<h2>The terms you will meet most often</h2>

<ul>
<li><strong>EXW (Ex Works).</strong> The buyer collects from the seller's yard and takes on almost everything, including loading. Simple for the seller, but export formalities can be awkward for a foreign buyer.</li>
<li><strong>FCA (Free Carrier).</strong> The seller hands the goods, cleared for export, to the buyer's carrier at an agreed place. Often a better choice than EXW for containers.</li>
<li><strong>FOB (Free On Board).</strong> Sea freight only. The seller delivers the goods on board the vessel at the port of loading; risk passes there.</li>
<li><strong>CFR (Cost and Freight) and CIF (Cost, Insurance and Freight).</strong> The seller pays sea freight to the destination port (and, under CIF, minimum insurance), but risk still passes when the goods are loaded at origin.</li>
<li><strong>DAP (Delivered at Place).</strong> The seller delivers to the named destination, ready for unloading. The buyer handles import clearance.</li>
</ul>

<h2>A common misunderstanding</h2>

Under CFR and CIF, the seller pays for the voyage but does not carry the risk during it. If a container is damaged at sea, it is the buyer's loss (and the buyer's insurance claim under CIF). Make sure your payment terms and your insurance match the term you agreed.

<h2>Writing it down</h2>

Always name the place with the term - "FOB Rotterdam", "DAP Buyer's warehouse, Hamburg" - and the edition: "Incoterms 2020". Put the agreed term in your deal notes on Recytrade so both parties, and an administrator in case of a dispute, can see what was agreed.`,
  },
  {
    title: 'Sorting used textiles: the grades buyers recognise',
    category: 'recycling-guides',
    tags: ['Textiles', 'Quality Grades'],
    excerpt:
      'Used textiles are sorted into dozens of grades for reuse, wiping cloths and fibre recycling. How the sorting works and why it decides the value of every bale.',
    content: `Collected clothing and household textiles are among the most labour-intensive recyclables to sort, and sorting is where almost all of their value is created. An unsorted bag of donated textiles, called "original" in the trade, is worth a fraction of the same material once it has been graded.

<h2>Reuse first</h2>

The highest-value fraction is "cream" or "crème": garments good enough to be sold again in second-hand shops in the country of collection. Below it come export grades sorted by garment type, season and quality for second-hand markets abroad. Sorters may separate more than a hundred categories.

<h2>Then recycling</h2>

<ul>
<li><strong>Wiping cloths.</strong> Absorbent cotton items are cut into industrial wipers.</li>
<li><strong>Mechanical recycling.</strong> Textiles are shredded back into fibre for insulation, felts, mattress filling or, from clean single-fibre streams, new yarn.</li>
<li><strong>Fibre-to-fibre recycling.</strong> Chemical processes for cotton and polyester need known, consistent feedstock - usually sorted by fibre type and colour, with trims, zips and buttons removed.</li>
</ul>

<h2>What to state in a listing</h2>

Say whether the material is original or sorted, which grades it contains, the fibre composition if known, whether it is pre-consumer (cutting-room waste) or post-consumer, and the bale weight. Post-industrial cuttings of a single fibre and colour are especially sought after for fibre-to-fibre recycling.

Under the EU's revised Waste Framework Directive, member states have had to organise separate collection of textiles since 2025, so the volume of collected material is growing. Clear grading is what will let it find buyers.`,
  },
  {
    title: 'Shipping electronic waste across borders: the Basel Convention basics',
    category: 'recycling-guides',
    tags: ['E-Waste', 'Compliance'],
    excerpt:
      'Since 1 January 2025, most cross-border shipments of e-waste need the prior consent of the importing country. What changed and how to stay on the right side of the rules.',
    content: `Electronic waste is valuable - circuit boards contain copper, gold, silver and palladium - and it can be hazardous, with lead, mercury, cadmium and flame retardants in many components. That combination is why its international trade is tightly controlled.

<h2>The rules</h2>

The Basel Convention governs transboundary movements of hazardous and other wastes between its parties. Amendments to its annexes on electronic and electrical waste took effect on 1 January 2025. Since then, the prior informed consent procedure applies not only to hazardous e-waste but to most non-hazardous e-waste as well: before a shipment moves, the exporting country notifies the importing country (and any transit countries), and the shipment may only leave once consent is given.

Regional and national rules sit on top. In the EU, the Waste Shipment Regulation implements the Convention and adds its own restrictions, including limits on exports of waste to countries outside the OECD.

<h2>Practical steps</h2>

<ol>
<li>Classify the material correctly: working equipment for reuse, e-waste for recycling, or separated fractions such as circuit boards or cables.</li>
<li>Check the status of the importing and any transit countries, and whether the shipment needs notification and consent.</li>
<li>Work only with licensed recyclers, and keep evidence of their permits.</li>
<li>Keep the movement document with the shipment and the certificate of recovery afterwards.</li>
</ol>

Illegal shipments can be returned at the exporter's cost and lead to fines. On Recytrade, sellers of e-waste should state the classification and the licences they hold in the listing, and buyers should ask for them before confirming a deal.`,
  },
  {
    title: 'Measuring the carbon benefit of recycled materials',
    category: 'sustainability',
    tags: ['Circular Economy', 'Metals', 'Plastics'],
    excerpt:
      'Customers increasingly ask how much carbon a tonne of recycled material saves. How the numbers are calculated, and how to avoid claims you cannot support.',
    content: `Buyers of recycled materials are asked more and more often to report the emissions of what they buy. Steelmakers, packaging converters and brand owners need numbers for their own carbon reporting, and recycled content is one of the most effective ways they have to reduce them.

<h2>Where the savings come from</h2>

Most of the benefit comes from avoiding primary production. Making aluminium from recycled metal is commonly cited as needing about 95% less energy than smelting it from bauxite. Steel made from scrap in an electric arc furnace emits a fraction of the carbon of steel made from iron ore in a blast furnace. For plastics, recycling avoids the emissions of producing the polymer from oil and gas, and those of incineration at end of life.

<h2>How the numbers are calculated</h2>

Life-cycle assessment compares the impacts of two routes: producing the material from primary resources, and collecting, transporting and reprocessing the recycled material. The result depends on assumptions - the energy mix of the reprocessing plant, transport distances, yield losses - so two studies can give different figures for the same material.

<h2>Claims you can support</h2>

<ul>
<li>Use published factors from a recognised source and cite it.</li>
<li>Keep records of quantities, grades and origins; the claim is only as good as the traceability behind it.</li>
<li>Include transport. Shipping material across an ocean reduces the net benefit, though rarely below zero for metals.</li>
<li>Avoid vague words such as "carbon neutral" unless you can prove them; regulators in several markets are acting against unsupported green claims.</li>
</ul>

Completed deals on Recytrade record the material, the quantity and both parties, which gives you a starting point for the paperwork behind your figures.`,
  },
  {
    title: 'Design for recycling: what packaging designers should ask recyclers',
    category: 'sustainability',
    tags: ['Circular Economy', 'Plastics', 'Paper'],
    excerpt:
      'Most packaging decisions that make recycling hard are made at the design stage. Five questions designers should put to the people who will sort and reprocess their work.',
    content: `A package is technically recyclable if a process exists that can recycle it. It is actually recycled only if it is collected, sorted into the right stream and valuable enough for a reprocessor to buy. Many of the obstacles are created at the drawing board, and the people who know them best are recyclers.

Five questions worth asking before a new pack goes to market:

<ol>
<li><strong>Will sorting equipment recognise it?</strong> Near-infrared sorters cannot identify carbon-black plastics, and full-body sleeves can hide the bottle material underneath.</li>
<li><strong>Is it a single material?</strong> Multi-layer films and laminates of different polymers, or of plastic and aluminium, are difficult to separate. Mono-material alternatives now exist for many uses.</li>
<li><strong>Do labels, inks and adhesives come off?</strong> Wash-off adhesives and labels that float away from PET in the wash tank keep the recycled flake clean.</li>
<li><strong>Does the closure match the stream?</strong> PE and PP caps float and are separated from PET; aluminium or silicone components in a plastic pack often are not.</li>
<li><strong>For fibre packaging, will it repulp?</strong> Heavy plastic coatings and wet-strength additives make paper-based packs hard for mills to use.</li>
</ol>

<h2>Why it pays</h2>

Packaging rules are moving from "recyclable in principle" to "recyclable in practice and at scale". The EU Packaging and Packaging Waste Regulation sets design-for-recycling requirements and minimum recycled content for plastic packaging. Packs designed with recyclers in mind produce better bales, and better bales produce the recycled material that brands will need to meet those targets.`,
  },
  {
    title: 'Why clean streams matter: what contamination costs the chain',
    category: 'sustainability',
    tags: ['Circular Economy', 'Quality Grades'],
    excerpt:
      'Contamination is the quiet cost of recycling. A few percent of the wrong material lowers prices, raises processing costs and can send a whole load to landfill.',
    content: `Every tonne of recyclables carries some material that does not belong: food residue in containers, plastic film in paper bales, batteries in electronics, steel in aluminium. Contamination is rarely dramatic, but it is expensive, and its costs travel down the chain to everyone.

<h2>Where the costs appear</h2>

<ul>
<li><strong>Lower prices.</strong> Buyers price the risk of contamination into every offer, and deduct for what they find on arrival.</li>
<li><strong>Higher processing costs.</strong> Extra sorting, washing and screening, more wear on equipment, more residue to dispose of.</li>
<li><strong>Rejected loads.</strong> A load far outside specification may be refused outright, leaving the seller paying for return freight or disposal.</li>
<li><strong>Safety.</strong> Lithium batteries hidden in mixed waste start fires in collection vehicles and sorting plants.</li>
</ul>

<h2>What works</h2>

Separation at source beats separation after the fact: a producer who keeps offcuts of one material apart has a product, while the same offcuts mixed with general waste are a disposal cost. Clear container labels, training for staff who generate the material, and feedback from the buyer on what they found all help.

For sellers, the commercial case is simple. Clean, consistent material builds a reputation, and a reputation brings repeat buyers and better prices. Describing your material honestly in your listings, with recent photographs, is the first step.`,
  },
  {
    title: 'How escrow protects both sides of a recycling deal',
    category: 'platform-news',
    tags: ['Escrow'],
    excerpt:
      'The buyer does not want to pay before the material arrives; the seller does not want to ship before being paid. Escrow solves both problems. Here is how it works on Recytrade.',
    content: `Trust is the oldest problem in trading with someone new. A buyer paying in advance risks receiving nothing, or material that does not match the description. A seller shipping on open terms risks not being paid. Letters of credit solve this for large cargoes, but they are slow and expensive for the many mid-sized deals in the recycling trade.

Escrow puts a neutral party in the middle. The buyer pays into escrow, the seller ships knowing the money is there, and the funds are released to the seller when the buyer confirms that the goods arrived as agreed.

<h2>The steps on Recytrade</h2>

<ol>
<li><strong>Agree the deal.</strong> The buyer makes an offer on a listing; both parties confirm the value and the terms.</li>
<li><strong>Fund escrow.</strong> The buyer pays the deal value into escrow by one of the available payment methods. The seller is notified when the funds are held.</li>
<li><strong>Ship.</strong> The seller ships the material and marks the deal as shipped, sharing the transport documents in the conversation.</li>
<li><strong>Inspect and release.</strong> The buyer inspects the delivery and releases the funds to the seller.</li>
</ol>

<h2>If something goes wrong</h2>

If the delivery does not match the agreement, the buyer records the delivery and opens a claim instead of releasing the funds: the reason, the quantity affected, the amount, and photos or a weighbridge slip. The seller can accept it, offer part of the amount or reject it with their own evidence; if the two do not agree, an administrator reviews the deal, the messages and the documents from both sides and decides how the money is split. That is why it pays to keep the specification, the photos and the paperwork in the deal's conversation.

The platform commission and any payment fees are shown before you pay, so there are no surprises at the end of the deal.`,
  },
  {
    title: 'Getting started: listing your first lot on Recytrade',
    category: 'platform-news',
    tags: ['Quality Grades', 'Pricing'],
    excerpt:
      'A complete listing gets better offers. A step-by-step guide to writing a title, describing your material, choosing photos and setting a price buyers take seriously.',
    content: `Listing material on Recytrade takes a few minutes. Listing it well takes a few minutes more, and it pays for itself in the quality of the offers you receive. Here is what buyers look for.

<h2>1. A title that says what it is</h2>

Lead with the material and the grade: "Clear PET bottle bales, deposit-return, 95% clear" tells a buyer far more than "Plastic for sale". Buyers search by material and grade, so those words belong in the title.

<h2>2. A description that answers the buyer's questions</h2>

<ul>
<li>The grade and the specification it follows, if any.</li>
<li>Contamination and moisture, honestly stated.</li>
<li>Form and packing: baled, loose, in containers or on pallets; typical bale weight.</li>
<li>Quantity available now, and whether supply is one-off or regular.</li>
<li>Location and the delivery terms you can offer.</li>
</ul>

<h2>3. Photos</h2>

Use recent photos of the actual material: a wide shot of the stock, a close-up, and an opened bale or container. Stock images make buyers suspicious.

<h2>4. A realistic price</h2>

Price per unit, in line with the grade you describe. If your material usually trades against an exchange or index, say so in the description and be ready to discuss the formula.

<h2>5. Respond quickly</h2>

Buyers often contact several sellers at once. A fast, precise reply through Recytrade messages - with answers about specification and logistics - often wins the deal. Once you agree terms, the deal and its escrow keep both sides protected until the material arrives.`,
  },
  {
    title: 'Ferrous scrap outlook for the coming quarter',
    category: 'market-insights',
    tags: ['Metals', 'Pricing'],
    excerpt:
      'Notes for the next market update: electric arc furnace demand, export flows and shredded scrap spreads.',
    content: `Working notes, not for publication yet.

Electric arc furnace capacity keeps growing, which supports demand for prime and shredded grades. Watch export flows from the large exporting countries and the spread between shredded and HMS 1&2.`,
    status: 'draft',
  },
  {
    title: 'Year-end settlement dates for escrow deals',
    category: 'platform-news',
    tags: ['Escrow'],
    excerpt: 'The cut-off dates for releasing and paying out escrowed funds over last year-end holidays.',
    content: `Banks close over the holidays, so payouts of released escrow funds took longer than usual over last year-end.

Releases confirmed before the last banking day of the year were paid out the same week; releases after it were paid out in the first week of January. This notice is kept for reference only.`,
    status: 'archived',
  },
];

/**
 * Seeds the demo blog: four categories, eleven tags, fifteen published posts spread over the past
 * months (two pages), a draft and an archived post. Does nothing once any post exists.
 */
export async function seedDemoBlog(db: Db, now = new Date()): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(blogPosts);
  if (n > 0) return { seeded: false };
  const [author] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'admin@recytrade.test'));
  await db.transaction(async (tx) => {
    await tx
      .insert(blogCategories)
      .values(DEMO_BLOG_CATEGORIES.map((name) => ({ id: randomUUID(), name, slug: slugify(name) })))
      .onConflictDoNothing({ target: blogCategories.slug });
    await tx
      .insert(blogTags)
      .values(DEMO_BLOG_TAGS.map((name) => ({ id: randomUUID(), name, slug: slugify(name) })))
      .onConflictDoNothing({ target: blogTags.slug });
    const categoryIds = new Map((await tx.select().from(blogCategories)).map((c) => [c.slug, c.id]));
    const tagIds = new Map((await tx.select().from(blogTags)).map((t) => [t.name, t.id]));
    const day = 86_400_000;
    const posts = DEMO_BLOG_POSTS.map((demo, i) => {
      const status = demo.status ?? 'published';
      // One post every nine days or so, the newest two days ago, at a believable time of day.
      const publishedAt = new Date(now.getTime() - (2 + i * 9) * day - ((i * 37) % 300) * 60_000);
      const createdAt = new Date(publishedAt.getTime() - (1 + (i % 3)) * day);
      const content = blogContentFromInput(demo.content);
      return {
        id: randomUUID(),
        title: demo.title,
        slug: slugify(demo.title),
        content,
        excerpt: demo.excerpt,
        featuredImageUrl: null,
        categoryId: categoryIds.get(demo.category) ?? null,
        status,
        authorId: author?.id ?? null,
        publishedAt: status === 'published' ? publishedAt : null,
        viewCount: status === 'published' ? 40 + ((i * 53) % 400) : 0,
        readingTime: readingTimeMinutes(content),
        createdAt,
        updatedAt: status === 'published' ? publishedAt : createdAt,
      };
    });
    await tx.insert(blogPosts).values(posts);
    const links = posts.flatMap((post, i) =>
      DEMO_BLOG_POSTS[i].tags.map((tag) => {
        const tagId = tagIds.get(tag);
        if (!tagId) throw new Error(`No demo blog tag ${tag}`);
        return { postId: post.id, tagId };
      }),
    );
    await tx.insert(blogPostTags).values(links);
  });
  return { seeded: true };
}
