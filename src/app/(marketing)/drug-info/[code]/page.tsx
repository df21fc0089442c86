import { publicProductPage } from "../../public-product-page";

const page = publicProductPage("drug");

export const generateMetadata = page.generateMetadata;
export default page.Page;
